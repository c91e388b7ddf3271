import { createLiveStatus } from '@cityquest/web-client/live-status';

/** This app's live event stream: open, or down and polling (docs/product-rules/offline-play.md#live-updates). */
export const liveStatus = createLiveStatus();
