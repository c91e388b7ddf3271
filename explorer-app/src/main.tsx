import '@mantine/core/styles.css';
import { createAppQueryClient } from '@cityquest/web-client';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initApi } from './lib/api.ts';
import { loadConfig } from './lib/config.ts';
import { initI18n } from './lib/i18n.ts';
import { createAppRouter } from './router.tsx';

const config = await loadConfig();
initApi({ baseUrl: config.apiBaseUrl });
initI18n();

const root = document.getElementById('root');
if (root) {
  const router = createAppRouter({ queryClient: createAppQueryClient() });
  // The first route's code and strings load before anything renders. Loaded later, the router would commit
  // them as a store update, which React renders in one long task; this way the layout and the page render
  // within the transition below, in slices that let input through.
  // A failed load must not leave a blank page: the app renders, and its router loads the route once mounted.
  await router.load().catch((error: unknown) => console.error(error));
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}
