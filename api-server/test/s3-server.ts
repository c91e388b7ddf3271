import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type S3Server = {
  /** The bucket as STORAGE_URL names it, with s3rver's fixed key and secret. */
  storageUrl: string;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
};

/**
 * An S3-compatible server on a free local port, with one empty bucket: the tests' stand-in for AWS S3, R2 or MinIO,
 * as the geo fixture server is for the geo providers. It checks no signatures, so tests prove private-file access
 * at the API's own boundary, never through the bucket.
 */
export async function startS3Server(bucket = 'cityquest-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'cityquest-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storageUrl: `s3://S3RVER:S3RVER@${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    endpoint,
    bucket,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
