import '@mantine/core/styles.css';
import { createAppQueryClient } from '@cityquest/web-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initApi } from './lib/api.ts';
import { loadConfig } from './lib/config.ts';
import { initI18n } from './lib/i18n.ts';
import { createAppRouter } from './router.tsx';

async function start() {
  // The runtime config comes first: it names the API's origin, which may differ from the console's.
  const config = await loadConfig();
  initApi({ baseUrl: config.apiBaseUrl });
  initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter({ queryClient: createAppQueryClient() })} />
    </StrictMode>,
  );
}

void start();
