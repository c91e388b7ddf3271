/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { AppUpdatePrompt, type RegisterServiceWorker } from './app-update-prompt.tsx';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The real registration; an app left open for hours (a long quest) still hears of a new version. */
const registerServiceWorker: RegisterServiceWorker = (options) => {
  const activateWaiting = registerSW({
    ...options,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
  return async (reloadPage) => {
    // workbox-window reloads only for a version this page's registration found itself; one found by the hourly
    // check or by the browser takes control without a reload unless the page listens for it.
    if (reloadPage)
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
    await activateWaiting(reloadPage);
  };
};

export function AppUpdate() {
  return <AppUpdatePrompt register={registerServiceWorker} />;
}
