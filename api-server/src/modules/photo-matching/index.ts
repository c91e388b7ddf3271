export {
  findNearCopies,
  forgetProofPhotos,
  type HashedPhoto,
  recordPhotoHashes,
} from './photo-match-repository.ts';
