export { profilesHandlers } from './profiles-handlers.ts';
