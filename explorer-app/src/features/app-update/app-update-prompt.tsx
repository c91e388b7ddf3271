import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { addBundledStrings } from '../../lib/i18n.ts';
import en from '../../lib/locales/app/en.json';
import es from '../../lib/locales/app/es.json';
import fr from '../../lib/locales/app/fr.json';

/** The prompt's strings, every language, come with this chunk: a few hundred bytes, and no loader in the entry. */
const addUpdateStrings = () => addBundledStrings('app', { en, es, fr });

type UpdateServiceWorker = (reloadPage?: boolean) => Promise<void>;
/** Registers the service worker; what it returns activates the waiting version, which then reloads the page. */
export type RegisterServiceWorker = (options: RegisterSWOptions) => UpdateServiceWorker;

/**
 * "New version available" once a new service worker waits. It never reloads by itself, so nothing is lost
 * mid-quest (docs/product-rules/offline-play.md#installing-the-app); Later hides it until the next visit.
 */
export function AppUpdatePrompt({ register }: { register: RegisterServiceWorker }) {
  const [needRefresh, setNeedRefresh] = useState(false);
  const updateServiceWorker = useRef<UpdateServiceWorker | null>(null);

  useEffect(() => {
    // Once per page: StrictMode runs effects twice, and a second registration would listen twice.
    if (updateServiceWorker.current) return;
    updateServiceWorker.current = register({
      onNeedRefresh: () => {
        addUpdateStrings();
        setNeedRefresh(true);
      },
    });
  }, [register]);

  return (
    <Affix position={{ bottom: 20, left: 20 }} zIndex={200}>
      {/* The live region is there before the notice, so screen readers announce the notice when it appears. */}
      <div role="status">
        {needRefresh && (
          <UpdateNotice
            onReload={() => updateServiceWorker.current?.(true) ?? Promise.resolve()}
            onLater={() => setNeedRefresh(false)}
          />
        )}
      </div>
    </Affix>
  );
}

function UpdateNotice({ onReload, onLater }: { onReload: () => Promise<void>; onLater: () => void }) {
  const { t } = useTranslation('app');
  const titleId = useId();
  const [reloading, setReloading] = useState(false);

  function reload() {
    setReloading(true);
    void onReload().catch((error: unknown) => {
      console.error(error);
      setReloading(false);
    });
  }

  return (
    // Clear of the help chat launcher at the bottom right.
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      shadow="md"
      p="md"
      maw="min(24rem, calc(100vw - 7rem))"
    >
      <Text id={titleId} fw={600}>
        {t('update.title')}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('update.body')}
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="sm" onClick={reload} loading={reloading}>
          {t('update.reload')}
        </Button>
        <Button size="sm" variant="default" onClick={onLater} disabled={reloading}>
          {t('update.later')}
        </Button>
      </Group>
    </Paper>
  );
}
