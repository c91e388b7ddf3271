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
