import type { Schema } from '@cityquest/contract';
import { apiKey, toFormData, unwrap } from '@cityquest/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../lib/api.ts';

export type Badge = Schema<'Badge'>;

/** The badge catalogue and a user's earned badges, as the Badges screen and the award form read them. */
export const badgeQueries = {
  /** Every badge, ordered by category and xpRequired: the 30 category badges and those admins created. */
  catalogue: () => getQuery('/badges'),
  /**
   * The badges a user holds. The server treats this as part of the profile: a private profile answers 403 and a
   * suspended account 404, so readers treat a failure as "not known" rather than as an error to show.
   */
  earned: (userId: string) => getQuery('/badges/earned/{userId}', { path: { userId } }),
};

/**
 * Creates a badge (POST /admin/badges, multipart with its image; docs/product-rules/moderation.md#badge-awards):
 * the catalogue and the action log that records the creation reload.
 */
export function useCreateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schema<'CreateBadgeRequest'>) =>
      unwrap(api().POST('/admin/badges', { body, bodySerializer: toFormData }), 'Failed to create badge'),
    onSuccess: () =>
      Promise.all(
        [apiKey('/badges'), apiKey('/admin/action-logs')].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
