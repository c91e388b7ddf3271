import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type UploadKind = 'avatars' | 'covers' | 'quests' | 'proofs' | 'badges' | 'reports';

export type Storage = {
  /** Stores bytes under a generated name and answers the public URL path. */
  save(kind: UploadKind, data: Buffer, extension: string): Promise<string>;
  /** Removes a file this storage produced; anything else is ignored. */
  remove(url: string | null | undefined): Promise<void>;
};

const URL_PREFIX = '/uploads/';

export function createLocalStorage(root: string): Storage {
  return {
    async save(kind, data, extension) {
      const name = `${randomUUID()}.${extension}`;
      await mkdir(join(root, kind), { recursive: true });
      await writeFile(join(root, kind, name), data, { flag: 'wx' });
      return `${URL_PREFIX}${kind}/${name}`;
    },
    async remove(url) {
      if (!url?.startsWith(URL_PREFIX)) return;
      const relative = normalize(url.slice(URL_PREFIX.length));
      if (relative.startsWith('..') || relative.includes('\0')) return;
      await rm(join(root, relative), { force: true });
    },
  };
}

/** Serves stored uploads; files are never executed or interpreted, and sniffing is off. */
export const uploadsPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  await mkdir(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    },
  });
});

/**
 * Stores several files in order; when one fails (a full disk, say) the ones already stored are removed, so a
 * failed upload leaves nothing behind and the error reaches the client (507 for ENOSPC).
 */
export async function saveAll(
  storage: Storage,
  files: readonly { kind: UploadKind; data: Buffer; extension?: string }[],
): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const file of files) urls.push(await storage.save(file.kind, file.data, file.extension ?? 'webp'));
    return urls;
  } catch (error) {
    await Promise.all(urls.map((url) => storage.remove(url)));
    throw error;
  }
}
