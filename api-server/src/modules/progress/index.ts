export { deletePositionsOf } from './live-position-repository.ts';
export {
  createLivePositionPurge,
  LIVE_POSITION_PURGE_EVERY_MS,
  type LivePositionPurge,
} from './live-positions.ts';
export { loadProgressSummaries } from './progress-batch.ts';
export { progressHandlers } from './progress-handlers.ts';
export { completedCountsOf, findProgress, progressCountsOf } from './progress-repository.ts';
export { ONGOING_LIMIT, startQuest } from './progress-service.ts';
export { proofFilesOf } from './proof-repository.ts';
export { submitTaskProof } from './proof-service.ts';
export { participantsFor, proofImagesOfQuest, viewerProgressOf } from './quest-participation-repository.ts';
export { verifyProofOf } from './verification-service.ts';
