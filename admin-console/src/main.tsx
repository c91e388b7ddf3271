import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initApi } from './lib/api.ts';
import { useAuthStore } from './lib/auth-store.ts';
import { loadConfig } from './lib/config.ts';
import { initI18n } from './lib/i18n.ts';
import { createAppRouter } from './router.tsx';

const config = await loadConfig();
initApi({ baseUrl: config.apiBaseUrl });
initI18n();
void useAuthStore.getState().restore();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
