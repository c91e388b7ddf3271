import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useObjectUrl, useObjectUrls } from './use-object-url.ts';

describe('useObjectUrl', () => {
  it('gives a URL for the file and revokes it when the file goes', () => {
    vi.mocked(URL.createObjectURL).mockReturnValueOnce('blob:one');
    const file = new File(['x'], 'one.png', { type: 'image/png' });
    const { result, rerender } = renderHook(({ value }: { value: File | null }) => useObjectUrl(value), {
      initialProps: { value: file as File | null },
    });
    expect(result.current).toBe('blob:one');
    rerender({ value: null });
    expect(result.current).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:one');
  });

  it('gives one URL per file and revokes them all on unmount', () => {
    const files = [new File(['a'], 'a.png'), new File(['b'], 'b.png')];
    vi.mocked(URL.createObjectURL).mockReturnValueOnce('blob:a').mockReturnValueOnce('blob:b');
    const { result, unmount } = renderHook(() => useObjectUrls(files));
    expect([...result.current.values()]).toEqual(['blob:a', 'blob:b']);
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:a');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:b');
  });
});
