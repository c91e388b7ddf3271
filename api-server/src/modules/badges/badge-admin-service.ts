import type { Schema } from '@cityquest/contract';
import type { AppContext } from '../../app-context.ts';
import { generateBadgeImage } from '../../lib/generated-images.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { MultipartFields } from '../../lib/route-types.ts';
import type { UploadedFile } from '../../plugins/multipart.ts';
import { logAdminAction } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { findUserById, type UserRow } from '../users/index.ts';
import { toBadgeDto, toEarnedBadgeDto } from './badge-dto.ts';
import * as repo from './badges-repository.ts';

export const BADGE_NOT_FOUND = 'Badge not found';
export const USER_NOT_FOUND = 'User not found';
export const ALREADY_HELD = 'The user already has this badge';
export const NAME_TAKEN = 'A badge with this name already exists';
const BADGE_IMAGE_MAX_SIDE = 512;

type Admin = Pick<UserRow, 'id'>;

/** POST /admin/badge/award: a catalogue badge given by hand, with the reason kept on the earned badge. */
export async function awardBadge(
  ctx: AppContext,
  admin: Admin,
  body: Schema<'AwardBadgeRequest'>,
): Promise<Schema<'EarnedBadge'>> {
  const reason = body.reason?.trim() || null;
  const user = await findUserById(ctx.db, body.userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  const badge = await repo.findBadgeByNumber(ctx.db, body.badgeId);
  if (!badge) throw notFound(BADGE_NOT_FOUND);
  const earned = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertAwardedBadge(tx, {
      userId: user.id,
      badgeId: badge.id,
      awardedBy: admin.id,
      reason,
    });
    if (!row) throw conflict(ALREADY_HELD);
    await notify(tx, user.id, {
      type: 'badge_earned',
      title: 'New badge earned!',
      message: reason
        ? `You were awarded the ${badge.name} badge: ${reason}`
        : `You were awarded the ${badge.name} badge.`,
      link: '/badge-collection',
    });
    await logAdminAction(tx, {
      adminId: admin.id,
      actionType: 'badge_award',
      targetType: 'user',
      targetId: user.id,
      details: { badgeName: badge.name, username: user.username },
      reason,
    });
    return row;
  });
  return toEarnedBadgeDto({ badge, earnedAt: earned.earnedAt, reason: earned.reason }, ctx.files);
}

/**
 * POST /admin/badges: a new badge continuing the catalogue numbering. Numbers are taken under a lock so two
 * creations cannot pick the same one; the image is re-encoded before anything is written.
 */
export async function createBadge(
  ctx: AppContext,
  admin: Admin,
  fields: MultipartFields<'createBadge'>,
  image: UploadedFile | undefined,
): Promise<Schema<'Badge'>> {
  const name = fields.name.trim();
  const tier = fields.tier ?? null;
  // Without an upload, the catalogue's own medal for the category and tier
  // (docs/product-rules/admin-screens.md#badges-screen).
  const artwork = image
    ? (await ctx.images.prepare(image.data, { maxSide: BADGE_IMAGE_MAX_SIDE })).processed.data
    : await generateBadgeImage(fields.category, tier ?? '');
  const imageUrl = await ctx.storage.save('badges', artwork, 'webp');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await repo.lockBadgeNumbers(tx);
      if (await repo.badgeNameTaken(tx, name)) throw conflict(NAME_TAKEN);
      const created = await repo.insertBadge(tx, {
        badgeNumber: await repo.nextBadgeNumber(tx),
        name,
        description: fields.description.trim(),
        imageUrl,
        category: fields.category,
        tier,
        xpRequired: Number(fields.xpRequired),
      });
      if (!created) throw new Error('badge insert returned nothing');
      await logAdminAction(tx, {
        adminId: admin.id,
        actionType: 'badge_creation',
        targetType: 'badge',
        targetId: created.id,
        details: { badgeName: created.name },
      });
      return created;
    });
    return toBadgeDto(row, ctx.files);
  } catch (error) {
    await ctx.storage.remove(imageUrl);
    throw error;
  }
}
