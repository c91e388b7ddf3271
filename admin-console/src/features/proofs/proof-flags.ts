import type { ProofFlag } from '@cityquest/contract';

/**
 * A flag's colour on the queue's badges and the evidence lines: red where the photo itself is suspect, orange
 * where a fact is missing or out of range (docs/product-rules/moderation.md#proof-evidence).
 */
export const FLAG_COLORS: Record<ProofFlag, 'red' | 'orange'> = {
  far_from_stop: 'orange',
  taken_before_start: 'red',
  missing_metadata: 'orange',
  duplicate_photo: 'red',
  no_stop_to_compare: 'orange',
  no_location: 'orange',
};
