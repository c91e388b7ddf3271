import sharp from 'sharp';
import { HttpError, payloadTooLarge, unsupportedMediaType } from './http-error.ts';

const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['png', 'jpeg', 'webp', 'gif']);
// Refuse decompression bombs before decoding: 40 megapixels is far above any phone photo.
const MAX_INPUT_PIXELS = 40_000_000;

export type ProcessedImage = { data: Buffer; width: number; height: number; contentType: 'image/webp' };

/**
 * Accepts an upload only if its bytes decode as PNG, JPEG, WebP or GIF (the name and the declared type are
 * ignored), then re-encodes it: orientation applied, metadata stripped, long side capped.
 */
export async function processImage(input: Buffer, options: { maxSide: number }): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    throw describeSharpError(error);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw unsupportedMediaType('Only PNG, JPEG, WebP or GIF images are accepted');
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (error) {
    throw describeSharpError(error);
  }
}

function describeSharpError(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return payloadTooLarge('Image dimensions are too large');
  if (/unsupported image format/i.test(message)) {
    return unsupportedMediaType('Only PNG, JPEG, WebP or GIF images are accepted');
  }
  return new HttpError(400, 'The image file is damaged or incomplete');
}
