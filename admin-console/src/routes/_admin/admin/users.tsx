import { SEARCH_LIMITS } from '@cityquest/contract';
import { oneOf, pageParam, textParam } from '@cityquest/shared-ui';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  ROLE_CHOICES,
  STATUS_CHOICES,
  type UserListSearch,
  usersQueries,
} from '../../../features/users/users-api.ts';
import { UsersPage } from '../../../features/users/users-page.tsx';

/** Page 1, kept out of the address. */
const FIRST_PAGE = { page: 1 } satisfies UserListSearch;

export const Route = createFileRoute('/_admin/admin/users')({
  // Every key is named, undefined when absent or unusable: the router keeps search keys a validator omits.
  validateSearch: (search: Record<string, unknown>): UserListSearch => ({
    page: pageParam(search.page) ?? FIRST_PAGE.page,
    search: textParam(search.search, SEARCH_LIMITS.text),
    role: oneOf(ROLE_CHOICES, search.role),
    status: oneOf(STATUS_CHOICES, search.status),
  }),
  search: { middlewares: [stripSearchParams(FIRST_PAGE)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen keeps its filters and the page it shows while another page loads, and
  // shows a failure beside the filters; hovering a link to the screen starts the list all the same.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(usersQueries.list(deps));
  },
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      search={search}
      onSearchChange={(change) => void navigate({ search: (previous) => ({ ...previous, ...change }) })}
    />
  );
}
