export { NEAR_COPY_BITS, perceptualHashes } from './photo-hash.ts';
export {
  findNearCopies,
  forgetProofPhotos,
  type HashedPhoto,
  type PhotoOwner,
  recordPhotoHashes,
} from './photo-match-repository.ts';
