import { count, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

export type PageQuery = { page?: number; limit?: number };
export type Page = { page: number; limit: number; offset: number };

export const MAX_PAGE_SIZE = 100;

/** page >= 1 and 1 <= limit <= 100 (the contract caps them too; this keeps services honest). */
export function toPage(query: PageQuery, defaultLimit: number): Page {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.limit ?? defaultLimit)));
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * The pagination block, with each list's own name for its total
 * (docs/product-rules/api-shapes.md#lists-and-pagination).
 */
export function paginationOf<TotalName extends string>(totalName: TotalName, total: number, page: Page) {
  const totalPages = Math.max(1, Math.ceil(total / page.limit));
  return {
    currentPage: page.page,
    totalPages,
    [totalName]: total,
    hasNextPage: page.page < totalPages,
    hasPreviousPage: page.page > 1,
  } as { currentPage: number; totalPages: number; hasNextPage: boolean; hasPreviousPage: boolean } & Record<
    TotalName,
    number
  >;
}

/**
 * How far past a page's first item an unbounded list counts its matches
 * (docs/product-rules/api-shapes.md#lists-and-pagination).
 */
export const COUNT_WINDOW = 1000;

/** A total that may have stopped counting: `capped` means more than `total` match. */
export type CappedTotal = { total: number; capped: boolean };

/** Where an unbounded list stops counting for `page`: COUNT_WINDOW past its first item. */
export const countCapOf = (page: Pick<Page, 'offset'>) => page.offset + COUNT_WINDOW;

/**
 * Counts the rows of `table` matching `where` (or, with `distinct`, that column's distinct values), stopping past
 * `cap`: the count reads at most cap + 1 matches however many there are.
 */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
  options: { distinct?: PgColumn } = {},
): Promise<CappedTotal> {
  const matches = (
    options.distinct
      ? db.selectDistinct({ key: options.distinct })
      : db.select({ key: sql<number>`1`.as('key') })
  )
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ value: count() }).from(matches);
  const counted = row?.value ?? 0;
  return { total: Math.min(counted, cap), capped: counted > cap };
}

/** The pagination block of a list whose total may be capped (`totalCapped`). */
export function cappedPaginationOf<TotalName extends string>(
  totalName: TotalName,
  { total, capped }: CappedTotal,
  page: Page,
) {
  return { ...paginationOf(totalName, total, page), totalCapped: capped };
}
