import { type Schema, trackAsync } from '@cityquest/openapi';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PendingProof, proofsApi } from './proofs-api.ts';

type State = {
  proofs: PendingProof[];
  pagination: Schema<'ProofPagination'> | null;
  loading: boolean;
  error: string | null;
};

/** One page of submissions waiting for review; the newest request wins. */
export function usePendingProofs(page: number, onPageGone: (lastPage: number) => void) {
  const [state, setState] = useState<State>({ proofs: [], pagination: null, loading: true, error: null });
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const set = (partial: Partial<State>) => {
      if (request === latest.current) setState((current) => ({ ...current, ...partial }));
    };
    try {
      const data = await trackAsync(set, 'Failed to fetch pending proofs', () => proofsApi.pending(page));
      // The last proof of a later page was verified: show the new last page instead of an empty one.
      if (data.proofs.length === 0 && page > data.pagination.totalPages) {
        onPageGone(data.pagination.totalPages);
        return;
      }
      set({ proofs: data.proofs, pagination: data.pagination });
    } catch {
      // trackAsync stored the message
    }
  }, [page, onPageGone]);
  useEffect(() => {
    void load();
  }, [load]);
  const dismissError = useCallback(() => setState((current) => ({ ...current, error: null })), []);
  return { ...state, reload: load, dismissError };
}
