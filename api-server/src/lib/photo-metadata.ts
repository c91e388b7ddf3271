import exifr from 'exifr';

export type PhotoMetadata = { lat: number | null; lng: number | null; takenAt: Date | null };

const NONE: PhotoMetadata = { lat: null, lng: null, takenAt: null };
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * 'YYYY:MM:DD HH:MM:SS' is camera-local time; with OffsetTimeOriginal it is placed exactly, without it it is
 * read as UTC (the camera's zone is unknown, and the server's own zone must not leak into the answer).
 */
export function parseExifDate(value: unknown, offset: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = EXIF_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  let time = Date.UTC(year, month - 1, day, hour, minute, second);
  const zone = typeof offset === 'string' ? OFFSET.exec(offset.trim()) : null;
  if (zone) time -= (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) * 60_000;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) || month < 1 || month > 12 || year < 1900 ? null : date;
}

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * The GPS position and capture time a photo carries, read from the original bytes before re-encoding strips
 * them (kept on the proof, for moderators only: docs/product-rules/progress-and-xp.md#photo-metadata).
 * Anything unreadable is null.
 */
export async function readPhotoMetadata(data: Buffer): Promise<PhotoMetadata> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(data, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      interop: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      reviveValues: false,
    });
  } catch {
    return NONE;
  }
  if (!tags) return NONE;
  const located = inRange(tags.latitude, 90) && inRange(tags.longitude, 180);
  return {
    lat: located ? (tags.latitude as number) : null,
    lng: located ? (tags.longitude as number) : null,
    takenAt: parseExifDate(
      tags.DateTimeOriginal ?? tags.CreateDate,
      tags.OffsetTimeOriginal ?? tags.OffsetTime,
    ),
  };
}
