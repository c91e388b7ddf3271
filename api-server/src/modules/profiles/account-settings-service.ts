import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import type { UserSettings } from '../../db/columns.ts';
import { fieldError, unauthorized } from '../../lib/http-error.ts';
import { deletePositionsOf } from '../progress/index.ts';
import { mergeSettingsGroup, type SettingsGroup, type UserRow, withDefaultSettings } from '../users/index.ts';

/**
 * POST /users/settings: the contract lets exactly one group through; only the fields sent change. Privacy
 * with live-position sharing off also deletes every position the account shared, in the same transaction: the
 * row lock the merge holds makes a position being written at that moment wait and then find sharing off
 * (docs/product-rules/maps-and-location.md#live-position-sharing). Served here, above users and progress, as
 * it changes both.
 */
export async function updateSettings(
  ctx: AppContext,
  user: UserRow,
  body: Schema<'SettingsUpdateRequest'>,
): Promise<UserSettings> {
  const [entry] = Object.entries(body) as [SettingsGroup, Record<string, unknown>][];
  if (!entry) throw fieldError('body', 'Send one group of settings');
  const [group, patch] = entry;
  const row =
    group === 'privacy'
      ? await ctx.db.transaction(async (tx) => {
          const merged = await mergeSettingsGroup(tx, user.id, group, patch);
          if (merged && !withDefaultSettings(merged.settings).privacy.shareLivePosition)
            await deletePositionsOf(tx, user.id);
          return merged;
        })
      : await mergeSettingsGroup(ctx.db, user.id, group, patch);
  // The row disappeared under a valid token: the account was deleted meanwhile.
  if (!row) throw unauthorized('Invalid or expired access token');
  return withDefaultSettings(row.settings);
}
