export { createMailOutbox, type MailOutbox } from './mail-outbox.ts';
export { notificationsHandlers } from './notifications-handlers.ts';
export { notify } from './notify.ts';
