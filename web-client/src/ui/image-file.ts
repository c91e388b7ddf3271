/**
 * The picture types the server takes for every upload: quest photos (docs/product-rules/quests.md#photos),
 * proofs (docs/product-rules/progress-and-xp.md#proofs), avatars, covers, badge images and attachments.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The `accept` of every picture input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why a chosen file cannot be uploaded as a picture of at most `maxBytes`, or null when it can. */
export function imageProblem(file: Blob, maxBytes: number): 'notImage' | 'tooLarge' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}
