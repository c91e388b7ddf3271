export { profileCounts } from './profile-repository.ts';
export { currentStreak, profileCompleteness } from './profile-service.ts';
export { profilesHandlers } from './profiles-routes.ts';
