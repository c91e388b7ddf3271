export { notificationsHandlers } from './notifications-routes.ts';
export { notify } from './notify.ts';
