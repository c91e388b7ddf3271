export { createMailOutbox, type MailOutbox } from './mail-outbox.ts';
export { notificationsHandlers } from './notifications-routes.ts';
export { notify } from './notify.ts';
