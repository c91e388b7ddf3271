import { Box } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ChatbotWidget } from '../features/chatbot/chatbot-widget.tsx';
import { AppFooter } from '../features/layout/app-footer.tsx';
import { AppHeader } from '../features/layout/app-header.tsx';
import { RouteTransition } from '../features/layout/route-transition.tsx';
import { UserPreferencesSync } from '../features/layout/user-preferences-sync.tsx';
import { NotFoundPage } from '../features/status-pages/not-found-page.tsx';
import { ensureUser, useUser } from '../lib/auth-api.ts';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The signed-in user, once, before any screen: guards below read it from the context, screens from the cache.
  // Opened offline, the user kept on the device answers at once and is read again behind it.
  beforeLoad: async ({ context }) => ({ user: await ensureUser(context.queryClient) }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

// Proofs kept on the device go out as soon as a signed-in explorer opens the app, from a lazy chunk
// (docs/product-rules/offline-play.md#sending-a-proof-exactly-once).
const ProofSenderStarter = lazy(() => import('../lib/offline/start-proof-sender.ts'));
// The event stream that updates the bell, the quest page and the header (docs/product-rules/offline-play.md#live-updates).
const LiveUpdates = lazy(() => import('../features/live-updates/live-updates.tsx'));

function RootLayout() {
  const signedIn = useUser() !== null;
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <UserPreferencesSync />
      {signedIn && (
        <Suspense fallback={null}>
          <ProofSenderStarter />
          <LiveUpdates />
        </Suspense>
      )}
      <AppHeader />
      <RouteTransition />
      {/* At least a screen tall: the footer starts below the fold, so content that arrives late never pushes it. */}
      <Box component="main" id="main" mih="100dvh" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <AppFooter />
      <ChatbotWidget />
    </Box>
  );
}
