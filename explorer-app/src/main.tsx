import '@mantine/core/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initApi } from './lib/api.ts';
import { useAuthStore } from './lib/auth-store.ts';
import { loadConfig } from './lib/config.ts';
import { initI18n } from './lib/i18n.ts';

const config = await loadConfig();
initApi({ baseUrl: config.apiBaseUrl });
initI18n();
// Signed in when both tokens are stored; the user is fetched in the background (guards show 'Loading...').
void useAuthStore.getState().restore();

const root = document.getElementById('root');
if (root) {
  const reactRoot = createRoot(root);
  // A transition lets React render the first screen in slices instead of one long task that blocks input.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
