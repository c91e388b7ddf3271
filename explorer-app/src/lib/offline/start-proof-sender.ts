import { useProofSender } from './proof-queue-api.ts';

/**
 * Sends the proofs queued on this device from the moment a signed-in explorer opens the app
 * (docs/product-rules/offline-play.md#sending-a-proof-exactly-once). The root layout loads this lazily, so the
 * queue, IndexedDB and the sender stay out of the entry bundle.
 */
export default function ProofSenderStarter() {
  useProofSender();
  return null;
}
