import { ActionIcon, Affix, Loader } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onOpenChatbot } from '../../lib/chatbot-launcher.ts';
import classes from './chatbot-widget.module.css';

// Every page shows the launcher; the conversation and its rules load on the first open (entry budget).
const ChatbotPanel = lazy(() => import('./chatbot-panel.tsx').then((m) => ({ default: m.ChatbotPanel })));

/** The rule-based help chat for visitors and explorers; it makes no network calls. */
export function ChatbotWidget() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const closedByUser = useRef(false);

  useEffect(
    () =>
      onOpenChatbot(() => {
        setUsed(true);
        setOpened(true);
      }),
    [],
  );

  useEffect(() => {
    // Closing the panel gives focus back to the launcher, so keyboard users are not dropped at the page top.
    if (!opened && closedByUser.current) launcher.current?.focus();
  }, [opened]);

  function open() {
    setUsed(true);
    setOpened(true);
  }

  function close() {
    closedByUser.current = true;
    setOpened(false);
  }

  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      {used && (
        <Suspense fallback={opened ? <Loader aria-label={t('common.loading')} /> : null}>
          <ChatbotPanel hidden={!opened} onClose={close} />
        </Suspense>
      )}
      {!opened && (
        <ActionIcon
          ref={launcher}
          size={56}
          radius="xl"
          onClick={open}
          aria-label={t('chatbot.open')}
          className={classes.launcher}
        >
          <IconMessageChatbot size={28} aria-hidden="true" />
        </ActionIcon>
      )}
    </Affix>
  );
}
