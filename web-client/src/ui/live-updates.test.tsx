import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveStreamOptions } from '../live-events.ts';
import { createLiveStatus } from '../live-status.ts';
import { useLiveQueryUpdates } from './live-updates.ts';
import { renderUi } from './testing/render-ui.tsx';

const stream = vi.hoisted(() => ({ options: null as LiveStreamOptions | null }));
vi.mock('../live-events.ts', () => ({
  useLiveStream: (options: LiveStreamOptions) => {
    stream.options = options;
  },
}));

let unread = 1;

function Bell() {
  useLiveQueryUpdates({
    baseUrl: '/api/v1',
    tokens: { getAccessToken: () => 'token' },
    refreshSession: async () => true,
    status: createLiveStatus(),
    apply: (queryClient, event) =>
      event.type === 'notification'
        ? queryClient.invalidateQueries({ queryKey: ['notifications'] })
        : Promise.resolve(),
  });
  const { data } = useQuery({ queryKey: ['notifications'], queryFn: async () => unread });
  return <p>{data === undefined ? 'Loading' : `${data} unread`}</p>;
}

describe('useLiveQueryUpdates', () => {
  it("refreshes what an event makes stale, as the app's rule says", async () => {
    renderUi(<Bell />);
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    unread = 2;
    act(() => stream.options?.onEvent({ type: 'notification' } as LiveEvent));
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
  });
});
