import { type Schema, unwrap } from '@cityquest/openapi';
import { api } from '../../lib/api.ts';

export type AdminQuest = Schema<'Quest'>;
export type Category = Schema<'Category'>;
export type Difficulty = Schema<'Difficulty'>;
export type QuestStatus = Schema<'QuestStatus'>;
export type StatusFilter = Schema<'QuestStatusFilter'>;
export type CategoryFilter = Schema<'CategoryFilter'>;
export type QuestUpdate = Schema<'AdminQuestUpdateRequest'>;
export type QuestQuery = { page: number; search: string; status: StatusFilter; category: CategoryFilter };

/** The moderation list asks for 50 quests a page (admin-and-moderation.md section 9). */
export const MODERATION_PAGE_SIZE = 50;

export const CATEGORIES: Category[] = ['Art', 'Food', 'History', 'Culture', 'Adventure', 'HiddenGems'];
export const DIFFICULTIES: Difficulty[] = ['Easy', 'Medium', 'Hard'];
export const STATUSES: QuestStatus[] = ['pending', 'approved', 'rejected'];

/** What an approval tells the creator (admin-and-moderation.md section 4). */
export const APPROVAL_FEEDBACK = 'Quest approved by admin';

export const questsApi = {
  // 'all' filters and an empty search are left out of the call (admin-and-moderation.md section 5).
  list: ({ page, search, status, category }: QuestQuery) =>
    unwrap(
      api().GET('/admin/quests', {
        params: {
          query: {
            page,
            limit: MODERATION_PAGE_SIZE,
            ...(status !== 'all' ? { status } : {}),
            ...(category !== 'all' ? { category } : {}),
            ...(search.trim() ? { search: search.trim() } : {}),
          },
        },
      }),
      'Failed to fetch quests for admin',
    ),
  approve: (id: string) =>
    unwrap(
      api().PATCH('/admin/quests/{id}/approve', {
        params: { path: { id } },
        body: { feedback: APPROVAL_FEEDBACK },
      }),
      'Failed to approve quest',
    ),
  reject: (id: string, reason: string) =>
    unwrap(
      api().PATCH('/admin/quests/{id}/reject', { params: { path: { id } }, body: { reason: reason.trim() } }),
      'Failed to reject quest',
    ),
  update: (id: string, body: QuestUpdate) =>
    unwrap(api().PUT('/admin/quests/{id}', { params: { path: { id } }, body }), 'Failed to update quest'),
  remove: (id: string) =>
    unwrap(api().DELETE('/admin/quests/{id}', { params: { path: { id } } }), 'Failed to delete quest'),
};
