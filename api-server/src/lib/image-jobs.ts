import { HttpError } from './http-error.ts';
import { type ProcessedImage, processImage } from './images.ts';
import { perceptualHashes } from './perceptual-hash.ts';
import { type PhotoMetadata, readPhotoMetadata } from './photo-metadata.ts';

/** What an upload needs done to its bytes: always re-encoded; a photo may also have its metadata and hashes read. */
export type ImageJob = { data: Uint8Array; maxSide: number; metadata?: boolean; hashes?: boolean };

export type PreparedImage = { processed: ProcessedImage; metadata?: PhotoMetadata; hashes?: bigint[] };

/** A job's answer as it crosses threads: an HttpError loses its class on the way, so it travels as data. */
export type ImageJobAnswer =
  | { ok: true; prepared: PreparedImage }
  | { ok: false; refusal: { statusCode: number; message: string } };

/**
 * The CPU-heavy part of an upload (decoding, re-encoding, EXIF and perceptual hashes), run on an image worker
 * thread so it never holds the event loop that answers requests (lib/image-pool.ts).
 */
export async function prepareImage(job: ImageJob): Promise<ImageJobAnswer> {
  const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
  try {
    // One after another: a job keeps to one core, so the image threads never take more cores than they number.
    const processed = await processImage(data, { maxSide: job.maxSide });
    const metadata = job.metadata ? await readPhotoMetadata(data) : undefined;
    const hashes = job.hashes ? await perceptualHashes(data) : undefined;
    return {
      ok: true,
      prepared: {
        processed,
        ...(metadata ? { metadata } : {}),
        ...(hashes ? { hashes } : {}),
      },
    };
  } catch (error) {
    if (error instanceof HttpError) {
      return { ok: false, refusal: { statusCode: error.statusCode, message: error.message } };
    }
    throw error;
  }
}
