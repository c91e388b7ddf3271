import { createLiveStatus } from '@cityquest/openapi/live-status';

/** This app's live event stream: open, or down and polling (docs/product-rules/offline-play.md#live-updates). */
export const liveStatus = createLiveStatus();
