export { type Audience, type LiveEvent, signalLiveEvents } from './live-event-signal.ts';
export { createLiveEvents, type LiveEvents } from './live-events.ts';
export { liveEventsHandlers } from './live-events-routes.ts';
