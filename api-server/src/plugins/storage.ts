import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type UploadKind = 'avatars' | 'covers' | 'quests' | 'proofs' | 'badges' | 'reports';

export type Storage = {
  /**
   * Stores bytes under a generated name and answers its URL path; private kinds (proofs, reports) are reached
   * only through the addresses PrivateFileUrls signs (plugins/private-files.ts).
   */
  save(kind: UploadKind, data: Buffer, extension: string): Promise<string>;
  /** The bytes of a file this storage produced, or null when there is no such file. */
  read(path: string): Promise<Buffer | null>;
  /** Removes a file this storage produced; anything else is ignored. */
  remove(path: string | null | undefined): Promise<void>;
  /** Resolves when files can be stored (the readiness check), rejects with why not. */
  check(): Promise<void>;
  /** Lets go of connections; called when the app closes. */
  close(): Promise<void>;
};

export const UPLOADS_PREFIX = '/uploads/';

export const UPLOAD_KINDS: readonly UploadKind[] = [
  'avatars',
  'covers',
  'quests',
  'proofs',
  'badges',
  'reports',
];
const KINDS: ReadonlySet<string> = new Set<string>(UPLOAD_KINDS);
/** Names storage gives files: a UUID and an image extension. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|jpe?g|gif)$/;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

export const contentTypeOf = (name: string): string =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * `<kind>/<name>` for a path storage produced (`/uploads/<kind>/<name>`), the same key in a folder and a bucket;
 * undefined for anything else, so no caller-made path can reach outside the stored kinds.
 */
export function storedKeyOf(path: string): string | undefined {
  if (!path.startsWith(UPLOADS_PREFIX)) return undefined;
  const [kind, name, extra] = path.slice(UPLOADS_PREFIX.length).split('/');
  if (extra !== undefined || kind === undefined || name === undefined) return undefined;
  return KINDS.has(kind) && STORED_NAME.test(name) ? `${kind}/${name}` : undefined;
}

/**
 * Proof photos show where an explorer was, and bug screenshots can show anything on a reporter's screen: they are
 * served only through addresses the API signs for the callers allowed to see them (the explorer and admins for
 * proofs, admins for reports). Everything else under /uploads/ stays public.
 */
export const PRIVATE_UPLOAD_KINDS: ReadonlySet<UploadKind> = new Set<UploadKind>(['proofs', 'reports']);

/** The first path segment under /uploads/ names the kind; compared without case for case-folding filesystems. */
export function isPrivateUploadPath(pathUnderUploads: string): boolean {
  const kind = pathUnderUploads.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  return PRIVATE_UPLOAD_KINDS.has(kind as UploadKind);
}

export function createLocalStorage(root: string): Storage {
  return {
    async save(kind, data, extension) {
      const name = `${randomUUID()}.${extension}`;
      await mkdir(join(root, kind), { recursive: true });
      await writeFile(join(root, kind, name), data, { flag: 'wx' });
      return `${UPLOADS_PREFIX}${kind}/${name}`;
    },
    async read(path) {
      const key = storedKeyOf(path);
      if (key === undefined) return null;
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(path) {
      const key = path ? storedKeyOf(path) : undefined;
      if (key === undefined) return;
      await rm(join(root, key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    async close() {},
  };
}

/**
 * Serves the public uploads; files are never executed or interpreted, and sniffing is off. Private kinds answer
 * 404 here: their own route (plugins/private-files.ts) wants a signed address.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  await mkdir(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => !isPrivateUploadPath(pathName),
    immutable: true,
    maxAge: '365d',
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff');
      // Any origin may show a public picture: the admin console on its subdomain, a third-party client.
      res.header('Cross-Origin-Resource-Policy', 'cross-origin');
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
