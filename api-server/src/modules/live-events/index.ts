export {
  type Audience,
  LIVE_CHANNEL,
  type LiveEvent,
  MODERATION,
  signalLiveEvents,
  signalText,
} from './live-event-signal.ts';
export { createLiveEvents, type LiveEvents } from './live-events.ts';
export { closeStreamsThatEnded, liveEventsHandlers } from './live-events-routes.ts';
