import { apiKey, toFormData, unwrap } from '@cityquest/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { CreateBadgeBody } from './create-badge-form.ts';

/**
 * Creates a badge (POST /admin/badges, multipart with its image; docs/product-rules/moderation.md#badge-awards):
 * the catalogue and the action log that records the creation reload.
 */
export function useCreateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBadgeBody) =>
      unwrap(api().POST('/admin/badges', { body, bodySerializer: toFormData }), 'Failed to create badge'),
    onSuccess: () =>
      Promise.all(
        [apiKey('/badges'), apiKey('/admin/action-logs')].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
