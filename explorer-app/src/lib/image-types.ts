/**
 * The picture types the server takes for every upload: quest photos (docs/product-rules/quests.md#photos),
 * proofs (docs/product-rules/progress-and-xp.md#proofs), avatars, covers and attachments.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
