import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CATEGORIES,
  CATEGORY_FILTERS,
  MODERATION_LIMITS,
  ONGOING_QUEST_LIMIT,
  PROFILE_LIMITS,
  QUEST_LIMITS,
  QUEST_SORTS,
  REVIEW_COMMENT_MAX,
} from './contract-facts.ts';

type Node = { [key: string]: Node } & { enum?: string[]; maxLength?: number; const?: number };
const spec = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as Node;
const schema = (name: string) => spec.components?.schemas?.[name] as Node;

describe('facts from the contract', () => {
  it('are the enums of openapi.yaml, in its order', () => {
    expect(CATEGORIES).toEqual(schema('Category').enum);
    expect(CATEGORY_FILTERS).toEqual(['all', ...CATEGORIES]);
    expect(QUEST_SORTS).toEqual(schema('QuestSortBy').enum);
  });

  it("are the bounds of the forms' fields, including those inside oneOf branches", () => {
    expect(QUEST_LIMITS.title).toBe(schema('CreateQuestRequest').properties?.title?.maxLength);
    expect(QUEST_LIMITS.taskDescription).toBe(
      schema('TaskForm').oneOf?.[1]?.properties?.description?.maxLength,
    );
    expect(QUEST_LIMITS.photoBytes).toBe(10 * 1024 * 1024);
    expect(PROFILE_LIMITS.avatarBytes).toBe(5 * 1024 * 1024);
    expect(REVIEW_COMMENT_MAX).toBe(schema('ReviewRequest').properties?.comment?.maxLength);
    expect(MODERATION_LIMITS.rejectReason).toBe(schema('RejectQuestRequest').properties?.reason?.maxLength);
  });

  it("take the ongoing limit from the dashboard's stats", () => {
    expect(ONGOING_QUEST_LIMIT).toBe(schema('DashboardStats').properties?.ongoingLimit?.const);
    expect(ONGOING_QUEST_LIMIT).toBe(3);
  });
});
