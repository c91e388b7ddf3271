import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BucketConfig } from '../config.ts';
import {
  contentTypeOf,
  isPrivateUploadPath,
  type Storage,
  storedKeyOf,
  UPLOAD_KINDS,
  UPLOADS_PREFIX,
} from './storage.ts';

/** Public files never change under their generated names, so browsers and CDNs may keep them for good. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function clientFor(config: BucketConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.pathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
}

function put(client: S3Client, bucket: string, key: string, data: Buffer) {
  return client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: data,
      ContentType: contentTypeOf(key),
      CacheControl: isPrivateUploadPath(key) ? 'private, no-store' : PUBLIC_CACHE_CONTROL,
    }),
  );
}

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), under the same `<kind>/<name>` keys the local
 * folder uses, so `scripts/move-files-to-bucket.mjs` can copy a folder across as it is. Browsers read public kinds
 * from the bucket (or its CDN); private kinds are read here and served only through the API's signed addresses.
 */
export function createBucketStorage(config: BucketConfig): Storage {
  const client = clientFor(config);
  const Bucket = config.bucket;
  return {
    async save(kind, data, extension) {
      const key = `${kind}/${randomUUID()}.${extension}`;
      await put(client, Bucket, key, data);
      return `${UPLOADS_PREFIX}${key}`;
    },
    async read(path) {
      const key = storedKeyOf(path);
      if (key === undefined) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(path) {
      const key = path ? storedKeyOf(path) : undefined;
      if (key === undefined) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
  };
}

export type FolderCopy = { copied: number; present: number; ignored: string[] };

/**
 * Copies a local uploads folder into the bucket under the same keys, so stored paths stay valid
 * (scripts/move-files-to-bucket.ts). A file already in the bucket with the same size is left alone, so an
 * interrupted copy can simply run again; anything storage did not produce is listed, never copied.
 */
export async function copyFolderToBucket(
  folder: string,
  config: BucketConfig,
  onFile: (key: string, outcome: 'copied' | 'present') => void = () => {},
): Promise<FolderCopy> {
  const client = clientFor(config);
  const result: FolderCopy = { copied: 0, present: 0, ignored: [] };
  try {
    for (const kind of UPLOAD_KINDS) {
      const names = await readdir(join(folder, kind)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names) {
        const key = storedKeyOf(`${UPLOADS_PREFIX}${kind}/${name}`);
        if (key === undefined) {
          result.ignored.push(`${kind}/${name}`);
          continue;
        }
        const data = await readFile(join(folder, key));
        if ((await sizeInBucket(client, config.bucket, key)) === data.length) {
          result.present += 1;
          onFile(key, 'present');
          continue;
        }
        await put(client, config.bucket, key, data);
        result.copied += 1;
        onFile(key, 'copied');
      }
    }
    return result;
  } finally {
    client.destroy();
  }
}

async function sizeInBucket(client: S3Client, bucket: string, key: string): Promise<number | undefined> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}
