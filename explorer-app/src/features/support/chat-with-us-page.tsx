import { SUPPORT_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../lib/format-date.ts';
import classes from './chat-with-us-page.module.css';
import { CONTACT_NAMESPACES } from './contact-strings.ts';
import { type SupportMessage, supportQueries, useSendSupportMessage } from './support-api.ts';

/** Who wrote a message: 'You' for the explorer, else the replying admin's name, else the team. */
function senderName(message: SupportMessage, names: { you: string; team: string }): string {
  if (!message.fromTeam) return names.you;
  return message.author ? message.author.fullName || message.author.username : names.team;
}

function Bubble({
  mine,
  sender,
  time,
  children,
}: {
  mine: boolean;
  sender: string;
  time?: { iso: string; shown: string };
  children: ReactNode;
}) {
  return (
    <li className={mine ? `${classes.item} ${classes.mine}` : classes.item}>
      <Text size="xs" c="dimmed">
        {sender}
        {time && (
          <>
            {' · '}
            <time dateTime={time.iso}>{time.shown}</time>
          </>
        )}
      </Text>
      <Text size="sm" className={`${classes.bubble} ${mine ? classes.explorer : classes.team}`}>
        {children}
      </Text>
    </li>
  );
}

/**
 * The team's replies that arrived while the page is open (not those it opened with), for the screen reader's
 * live region.
 */
function useNewReplies(messages: SupportMessage[]): SupportMessage[] {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<SupportMessage[]>([]);
  useEffect(() => {
    const replies = messages.filter((message) => message.fromTeam);
    if (!seen.current) {
      seen.current = new Set(replies.map((message) => message._id));
      return;
    }
    const known = seen.current;
    const arrived = replies.filter((message) => !known.has(message._id));
    if (arrived.length === 0) return;
    for (const message of arrived) known.add(message._id);
    setFresh(arrived);
  }, [messages]);
  return fresh;
}

/**
 * Chat with Us: the explorer's conversation with the support team
 * (docs/product-rules/explorer-screens.md#chat-with-us). The page's own greeting comes first, then the
 * conversation oldest first; team replies arrive by polling while the tab is visible.
 */
export function ChatWithUsPage() {
  const { t } = useTranslation(CONTACT_NAMESPACES);
  const senders = { you: t('supportChat.you'), team: t('supportChat.team') };
  const formatDate = useFormatDate();
  const { data: conversation, isRefetchError } = useSuspenseQuery(supportQueries.conversation());
  const send = useSendSupportMessage();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);

  const messages = conversation?.messages ?? [];
  const newReplies = useNewReplies(messages);
  const closed = conversation?.status === 'closed';

  const latest = `${conversation?._id}:${messages.length}`;
  useEffect(() => {
    // Keep the newest message in view, inside the conversation's own scroll area.
    const element = viewport.current;
    if (latest && element) element.scrollTop = element.scrollHeight;
  }, [latest]);

  function submit() {
    const text = draft.trim();
    if (!text || send.isPending) return;
    setError(null);
    setFieldError(null);
    send.mutate(text, {
      onSuccess: () => setDraft(''),
      // Sending with the button disables it for a moment, which drops the focus: give it back to the box.
      onSettled: () => {
        const active = document.activeElement;
        if (!active || active === document.body || active === sendButton.current) input.current?.focus();
      },
      onError: (failure) =>
        setError(
          placeErrors(
            { values: { text }, setErrors: (errors) => setFieldError(errors.text ?? null) },
            failure,
            t('supportChat.failed'),
          ),
        ),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <Container size="sm" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('supportChat.title')}</Title>
          <Text c="dimmed">{t('supportChat.subtitle')}</Text>
        </Stack>
        <Card withBorder radius="lg" p={0}>
          <ScrollArea
            className={classes.messages}
            viewportRef={viewport}
            viewportProps={{
              tabIndex: 0,
              role: 'region',
              'aria-label': t('supportChat.conversation'),
              className: classes.viewport,
            }}
          >
            <Stack gap="sm" p="md">
              <Stack component="ol" gap="sm" className={classes.list}>
                <Bubble mine={false} sender={t('supportChat.team')}>
                  {t('supportChat.greeting')}
                </Bubble>
                {messages.map((message) => (
                  <Bubble
                    key={message._id}
                    mine={!message.fromTeam}
                    sender={senderName(message, senders)}
                    time={{ iso: message.createdAt, shown: formatDate(message.createdAt, true) }}
                  >
                    {message.text}
                  </Bubble>
                ))}
              </Stack>
              <div aria-live="polite">
                {closed && (
                  <Text size="sm" c="dimmed" ta="center">
                    {t('supportChat.closed')}
                  </Text>
                )}
              </div>
            </Stack>
          </ScrollArea>
          <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
            {newReplies
              .map((message) =>
                t('supportChat.newReply', { name: senderName(message, senders), text: message.text }),
              )
              .join(' ')}
          </VisuallyHidden>
          <Stack component="form" gap="xs" p="sm" className={classes.composer} onSubmit={onSubmit}>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {isRefetchError && (
              <Text size="xs" c="dimmed">
                {t('supportChat.refreshFailed')}
              </Text>
            )}
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Textarea
                ref={input}
                aria-label={t('supportChat.inputLabel')}
                placeholder={t('supportChat.placeholder')}
                description={t('supportChat.hint')}
                inputWrapperOrder={['input', 'error', 'description']}
                value={draft}
                onChange={(event) => {
                  setDraft(event.currentTarget.value);
                  setFieldError(null);
                }}
                onKeyDown={onKeyDown}
                readOnly={send.isPending}
                error={fieldError}
                maxLength={SUPPORT_LIMITS.supportMessage}
                autosize
                minRows={1}
                maxRows={5}
                style={{ flex: 1 }}
              />
              <Button
                ref={sendButton}
                type="submit"
                loading={send.isPending}
                disabled={!draft.trim()}
                rightSection={<IconSend size={16} aria-hidden="true" />}
              >
                {t('supportChat.send')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
