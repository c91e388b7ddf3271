import { useEffect, useState } from 'react';

/**
 * A preview URL for a chosen file, or null without one. The URL is revoked when the file changes or the
 * component goes away, so previews never leak the file's memory.
 */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** One preview URL per chosen file, revoked when the list changes or the component goes away. */
export function useObjectUrls<T extends Blob>(files: readonly T[]): Map<T, string> {
  const [urls, setUrls] = useState<Map<T, string>>(() => new Map());
  useEffect(() => {
    const next = new Map(files.map((file) => [file, URL.createObjectURL(file)]));
    setUrls(next);
    return () => {
      for (const url of next.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}
