import { Box } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ChatbotWidget } from '../features/chatbot/chatbot-widget.tsx';
import { AppFooter } from '../features/layout/app-footer.tsx';
import { AppHeader } from '../features/layout/app-header.tsx';
import { RouteTransition } from '../features/layout/route-transition.tsx';
import { UserPreferencesSync } from '../features/layout/user-preferences-sync.tsx';
import { NotFoundPage } from '../features/status-pages/not-found-page.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <UserPreferencesSync />
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
