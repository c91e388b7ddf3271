import { pageParam } from '@cityquest/shared-ui';
import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  flagParam,
  type ProofListSearch,
  proofsQueries,
  sortParam,
} from '../../../features/proofs/proofs-api.ts';
import { ProofsPage } from '../../../features/proofs/proofs-page.tsx';

/** Page 1, kept out of the address. */
const DEFAULT_SEARCH = { page: 1 } satisfies ProofListSearch;

export const Route = createFileRoute('/_admin/admin/proofs')({
  // Every key is named, page 1 and the others undefined when absent or unusable: the router keeps search keys a
  // validator omits. The default order (`age`) and filter (`all`) are left out of the address
  // (docs/product-rules/moderation.md#proof-evidence).
  validateSearch: (search: Partial<ProofListSearch> & SearchSchemaInput): ProofListSearch => ({
    page: pageParam(search.page) ?? DEFAULT_SEARCH.page,
    sort: sortParam(search.sort),
    flag: flagParam(search.flag),
  }),
  search: { middlewares: [stripSearchParams(DEFAULT_SEARCH)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen keeps the page it shows while another loads and shows a failure in place;
  // hovering a link to the screen starts the queue all the same.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(proofsQueries.pending(deps));
  },
  component: ProofsRoute,
});

function ProofsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ProofListSearch>, options?: { replace?: boolean }) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }), replace: options?.replace }),
    [navigate],
  );
  return <ProofsPage search={search} onSearchChange={onSearchChange} />;
}
