export { deleteUserRow, mergeSettingsGroup, type SettingsGroup } from './account-repository.ts';
export { AVATAR_MAX_SIDE, COVER_MAX_SIDE, removeFiles } from './account-service.ts';
export { userAdminHandlers } from './user-admin-handlers.ts';
export {
  type AccountChangeEffects,
  adminUserOf,
  type QuestCountsOf,
  toAdminUser,
  USER_NOT_FOUND,
} from './user-admin-service.ts';
export { toUserDto, toUserSummary } from './user-dto.ts';
export { permissionsOf } from './user-permissions.ts';
export {
  accountSummariesOf,
  deleteUnverifiedBefore,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  joinableUsers,
  lockSettings,
  lockUser,
  lockUsers,
  mailContactsOf,
  searchExplorers,
  touchLastActive,
  type UserRow,
  updateUser,
  wholeAccountOf,
} from './user-repository.ts';
export { withDefaultSettings } from './user-settings.ts';
export { usersHandlers } from './users-handlers.ts';
