export {
  LIVE_CHANNEL,
  MODERATION,
  signalText,
} from './live-event-signal.ts';
export { createLiveEvents, type LiveEvents } from './live-events.ts';
export { closeStreamsThatEnded, liveEventsHandlers } from './live-events-handlers.ts';
export { signalLiveEvents } from './signal-repository.ts';
