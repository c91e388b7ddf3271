// Apart from live-events.ts: the screens that poll read this from the entry bundle, which must not carry the
// stream's client.
/**
 * Whether an app's stream is open. While it is, the screens that used to poll wait for events; while it is down
 * (or before it opens) they poll as before.
 */
export type LiveStatus = {
  isOpen(): boolean;
  setOpen(open: boolean): void;
  /** A query's refetchInterval: `ms` while the stream is down, none while events arrive. */
  pollUnlessLive(ms: number): () => number | false;
};

export function createLiveStatus(): LiveStatus {
  let open = false;
  return {
    isOpen: () => open,
    setOpen: (next) => {
      open = next;
    },
    pollUnlessLive: (ms) => () => (open ? false : ms),
  };
}
