import type { PrivateFileUrls } from './private-files.ts';
import { isPrivateUploadPath, UPLOADS_PREFIX } from './storage.ts';

export type FileAddresses = {
  /**
   * The absolute address an answer carries for a stored file: a public kind at the public files address (the
   * bucket, its CDN or the API's /uploads), a private kind signed, through the API
   * (docs/product-rules/accounts-and-security.md#file-addresses).
   */
  of(path: string): string;
  /** The same, keeping null for an absent file (a user without an avatar, a badge without an image). */
  ofOptional(path: string | null): string | null;
};

/**
 * Files are stored by path (`/uploads/<kind>/<name>`, the same in every storage), and turned into addresses only
 * as an answer leaves, so moving the files to a bucket or behind a CDN changes no stored row.
 */
export function createFileAddresses(options: {
  /** PUBLIC_FILES_URL or its default: the public kinds' folders live under it. */
  publicFilesUrl: string;
  /** The API's own origin (and path before /api/v1), where signed private addresses are opened. */
  apiRoot: string;
  privateUrls: PrivateFileUrls;
}): FileAddresses {
  const publicBase = options.publicFilesUrl.replace(/\/+$/, '');
  const apiRoot = options.apiRoot.replace(/\/+$/, '');
  const of = (path: string): string => {
    if (!path.startsWith(UPLOADS_PREFIX)) return path;
    const inside = path.slice(UPLOADS_PREFIX.length);
    if (isPrivateUploadPath(inside)) return `${apiRoot}${options.privateUrls.sign(path)}`;
    return `${publicBase}/${inside}`;
  };
  return { of, ofOptional: (path) => (path === null ? null : of(path)) };
}
