import type { Schema } from '@cityquest/contract';
import { levelFor } from '../../lib/levels.ts';
import type { FileAddresses } from '../../plugins/file-addresses.ts';
import type { UserRow } from './user-repository.ts';
import { withDefaultSettings } from './user-settings.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The signed-in view of a user; names every field so no hash or secret can leak. */
export function toUserDto(row: UserRow, files: FileAddresses): Schema<'User'> {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    bio: row.bio,
    avatar: files.ofOptional(row.avatarUrl),
    coverImage: files.ofOptional(row.coverImageUrl),
    role: row.role,
    accountVerified: row.accountVerified,
    suspensionReason: row.suspensionReason,
    isEmailVerified: row.isEmailVerified,
    xp: row.xp,
    ...levelFor(row.xp),
    settings: withDefaultSettings(row.settings),
    lastLogin: iso(row.lastLogin),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A user as other objects show them (friend request party, review author, quest creator). */
export function toUserSummary(
  row: Pick<UserRow, 'id' | 'username' | 'fullName' | 'avatarUrl'>,
  files: FileAddresses,
): Schema<'UserSummary'> {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.fullName,
    avatar: files.ofOptional(row.avatarUrl),
  };
}
