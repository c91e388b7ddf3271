export { type Audience, type LiveEvent, MODERATION, signalLiveEvents } from './live-event-signal.ts';
export { createLiveEvents, type LiveEvents } from './live-events.ts';
export { liveEventsHandlers } from './live-events-routes.ts';
