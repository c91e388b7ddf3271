import { ApiError } from '@cityquest/openapi';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLatestRequest } from './use-latest-request.ts';

const FALLBACK = 'Failed to fetch things';

/** A promise the test settles when it chooses, to order answers as a slow network would. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The hook over a fetch that answers each call with the next of `answers` (or waits on it). */
function renderWith(answers: Array<() => Promise<string | undefined>>, query = 'a') {
  const calls: string[] = [];
  const fetch = vi.fn((q: string) => {
    calls.push(q);
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected call');
    return answer();
  });
  const hook = renderHook(({ q }) => useLatestRequest(() => fetch(q), FALLBACK, [q]), {
    initialProps: { q: query },
  });
  return { ...hook, calls };
}

describe('useLatestRequest', () => {
  it('loads on mount and again when an input changes', async () => {
    const { result, rerender, calls } = renderWith([
      () => Promise.resolve('first'),
      () => Promise.resolve('second'),
    ]);
    expect(result.current.loading).toBe(true);
    expect(result.current.data).toBeNull();
    await waitFor(() => expect(result.current.data).toBe('first'));
    expect(result.current.loading).toBe(false);

    rerender({ q: 'b' });
    await waitFor(() => expect(result.current.data).toBe('second'));
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps the newest answer when a slower answer to an older request arrives after it', async () => {
    const older = deferred<string>();
    const newer = deferred<string>();
    const { result, rerender } = renderWith([() => older.promise, () => newer.promise]);

    rerender({ q: 'b' });
    await act(async () => newer.resolve('for b'));
    expect(result.current.data).toBe('for b');
    expect(result.current.loading).toBe(false);

    await act(async () => older.resolve('for a'));
    expect(result.current.data).toBe('for b');
    expect(result.current.loading).toBe(false);
  });

  it('drops the failure of an older request once a newer one answered', async () => {
    const older = deferred<string>();
    const { result, rerender } = renderWith([() => older.promise, () => Promise.resolve('for b')]);

    rerender({ q: 'b' });
    await waitFor(() => expect(result.current.data).toBe('for b'));
    await act(async () => older.reject(new ApiError('Too late', 500)));
    expect(result.current.error).toBeNull();
  });

  it("stores the server's message, or the fallback when there is none, and keeps the data shown", async () => {
    const { result } = renderWith([
      () => Promise.resolve('shown'),
      () => Promise.reject(new ApiError('Service unavailable', 503)),
      () => Promise.reject(new TypeError('')),
    ]);
    await waitFor(() => expect(result.current.data).toBe('shown'));

    await act(() => result.current.reload());
    expect(result.current.error).toBe('Service unavailable');
    expect(result.current.loading).toBe(false);
    expect(result.current.data).toBe('shown');

    await act(() => result.current.reload());
    expect(result.current.error).toBe(FALLBACK);
  });

  it('clears the error when dismissed', async () => {
    const { result } = renderWith([() => Promise.reject(new Error(''))]);
    await waitFor(() => expect(result.current.error).toBe(FALLBACK));

    act(() => result.current.dismissError());
    expect(result.current.error).toBeNull();
  });

  it('reloads with the same inputs, clearing the error and setting loading on start', async () => {
    const retry = deferred<string>();
    const { result, calls } = renderWith([() => Promise.reject(new Error('')), () => retry.promise]);
    await waitFor(() => expect(result.current.error).toBe(FALLBACK));

    let reloading: Promise<void> | undefined;
    act(() => {
      reloading = result.current.reload();
    });
    expect(result.current.loading).toBe(true);
    expect(result.current.error).toBeNull();

    await act(async () => {
      retry.resolve('again');
      await reloading;
    });
    expect(result.current.data).toBe('again');
    expect(result.current.loading).toBe(false);
    expect(calls).toEqual(['a', 'a']);
  });

  it('keeps what is shown when the fetch answers undefined, and lets the caller update the data', async () => {
    const { result } = renderWith([() => Promise.resolve('shown'), () => Promise.resolve(undefined)]);
    await waitFor(() => expect(result.current.data).toBe('shown'));

    await act(() => result.current.reload());
    expect(result.current.data).toBe('shown');
    expect(result.current.loading).toBe(false);

    act(() => result.current.setData((current) => `${current} and updated`));
    expect(result.current.data).toBe('shown and updated');
  });
});
