export { mergeSettingsGroup } from './account-repository.ts';
export { AVATAR_MAX_SIDE, COVER_MAX_SIDE } from './account-service.ts';
export { toUserDto, toUserSummary } from './user-dto.ts';
export {
  findUserByEmail,
  findUserByEmailOrUsername,
  findUserById,
  findUserByUsername,
  type UserRow,
} from './user-repository.ts';
export { withDefaultSettings } from './user-settings.ts';
export { usersHandlers } from './users-routes.ts';
