import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { HttpError } from './http-error.ts';
import type { ImageJob, ImageJobAnswer, PreparedImage } from './image-jobs.ts';

export type { PreparedImage } from './image-jobs.ts';

/** Uploads' image work, done off the thread that answers requests. */
export type ImageWork = {
  /** Re-encodes `data` (and reads its metadata and hashes when asked); 503 with Retry-After when the queue is full. */
  prepare(data: Buffer, options: Omit<ImageJob, 'data'>): Promise<PreparedImage>;
  close(): Promise<void>;
};

export type ImagePoolSize = {
  /** Worker threads; by default one fewer than the cores, and at least one. */
  threads?: number;
  /** Jobs that may wait for a thread before uploads are turned away; by default 8 per thread. */
  queue?: number;
};

/** How long a refused upload is told to wait: a queue of photos drains in seconds. */
const RETRY_AFTER_SECONDS = 5;
const QUEUE_FULL = 'The server is busy processing photos; try again in a few seconds';

/**
 * A pool of worker threads (piscina) for the uploads' image work: a proof photo costs tens of milliseconds of
 * CPU, which on the main thread would stall every read behind it. The queue is bounded, so a burst of uploads
 * is refused (503, Retry-After) rather than growing memory and latency without limit.
 */
export function createImagePool(size: ImagePoolSize = {}): ImageWork {
  // One core is left to the thread that answers requests (and, on a small host, the database beside it).
  const threads = Math.max(1, size.threads ?? availableParallelism() - 1);
  // At least 16, as a 2-core host had with a thread per core: a small pool still takes a burst of sign-ups.
  const queue = Math.max(1, size.queue ?? Math.max(16, threads * 8));
  const pool = new Piscina<ImageJob, ImageJobAnswer>({
    filename: new URL('./image-worker.mjs', import.meta.url).href,
    name: 'prepareImage',
    minThreads: 0,
    maxThreads: threads,
    maxQueue: queue,
    // A thread lives on a while after its last job, so a run of uploads does not pay for starting one each time.
    idleTimeout: 30_000,
  });
  return {
    async prepare(data, options) {
      if (pool.queueSize >= queue) throw busy();
      let answer: ImageJobAnswer;
      try {
        answer = await pool.run({ ...options, data });
      } catch (error) {
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw busy();
        throw error;
      }
      if (!answer.ok) throw new HttpError(answer.refusal.statusCode, answer.refusal.message);
      const { processed } = answer.prepared;
      // A Buffer crosses threads as a plain Uint8Array.
      return { ...answer.prepared, processed: { ...processed, data: Buffer.from(processed.data) } };
    },
    close: () => pool.close(),
  };
}

const busy = () => new HttpError(503, QUEUE_FULL, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
