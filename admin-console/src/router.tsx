import { FullPageLoader } from '@cityquest/shared-ui';
import { RouteError } from '@cityquest/web-client/ui/route-error';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from './features/layout/not-found-page.tsx';
import { attachSession } from './lib/auth-api.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * The root ensures the signed-in user and the guards read it (beforeLoad on pathless layouts); loaders fill the
 * query cache before a screen renders.
 */
export type RouterContext = { queryClient: QueryClient };

/** The shared loader stays presentational: its label comes from this app's strings. */
function PendingScreen() {
  const { t } = useTranslation();
  return <FullPageLoader label={t('common.loading')} />;
}

export function createAppRouter(options: { queryClient: QueryClient; history?: RouterHistory }) {
  const { queryClient, ...rest } = options;
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness, so the router calls loaders on every preload and navigation.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: (props) => <RouteError {...props} notFound={<NotFoundPage />} />,
    // Unknown paths show the Page Not Found screen outside the admin frame.
    notFoundMode: 'root',
    scrollRestoration: true,
    ...rest,
  });
  attachSession(queryClient, router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
