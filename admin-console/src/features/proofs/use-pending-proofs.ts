import { useLatestRequest } from '../../lib/use-latest-request.ts';
import { proofsApi } from './proofs-api.ts';

/** One page of submissions waiting for review; the newest request wins. */
export function usePendingProofs(page: number, onPageGone: (lastPage: number) => void) {
  const { data, setData, ...request } = useLatestRequest(
    async () => {
      const data = await proofsApi.pending(page);
      // The last proof of a later page was verified: show the new last page instead of an empty one.
      if (data.proofs.length === 0 && page > data.pagination.totalPages) {
        onPageGone(data.pagination.totalPages);
        return undefined;
      }
      return data;
    },
    'Failed to fetch pending proofs',
    [page, onPageGone],
  );
  return { ...request, proofs: data?.proofs ?? [], pagination: data?.pagination ?? null };
}
