import { SUPPORT_LIMITS } from '@cityquest/contract';
import { useConfirmAction } from '@cityquest/web-client/ui/confirm-action';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date.ts';
import { useQueryStatus } from '../../lib/query-status.ts';
import {
  type Conversation,
  type ConversationSummary,
  supportQueries,
  useCloseConversation,
  useReplyToConversation,
} from './support-api.ts';
import { authorLabel, displayName } from './support-labels.ts';

type Props = {
  /** The conversation the admin opened from the list, or null while none is open. */
  summary: ConversationSummary | null;
  onClose: () => void;
};

/**
 * One conversation in a dialog (full screen on phones): the whole thread, a reply box and Close conversation,
 * which asks first in a dialog stacked above, so Escape there returns to the thread.
 */
export function ConversationDialog({ summary, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const close = useCloseConversation();
  const confirmAction = useConfirmAction();
  const [confirming, setConfirming] = useState(false);
  const [closedId, setClosedId] = useState<string | null>(null);
  const name = summary ? displayName(summary.explorer, t) : '';

  // The confirmation is a dialog of its own above this one: meanwhile this one leaves Escape and focus to it.
  function askToClose() {
    if (!summary) return;
    const { _id: id } = summary;
    setConfirming(true);
    confirmAction({
      title: t('support.close.title'),
      body: (
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>{t('support.close.question', { name })}</Text>
          <Text size="sm" c="dimmed">
            {t('support.close.explain')}
          </Text>
        </Stack>
      ),
      confirmLabel: t('support.close.confirm'),
      onConfirm: async () => {
        await close.mutateAsync(id);
        setClosedId(id);
      },
      failureTitle: t('support.close.failed'),
      onClose: () => setConfirming(false),
    });
  }

  return (
    <Modal
      {...(confirming ? { closeOnEscape: false, trapFocus: false } : {})}
      opened={summary !== null}
      onClose={() => {
        setConfirming(false);
        setClosedId(null);
        onClose();
      }}
      title={t('support.dialog.title', { name })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {summary && (
        <ConversationPanel
          key={summary._id}
          id={summary._id}
          justClosed={closedId === summary._id}
          onDismissClosed={() => setClosedId(null)}
          onAskToClose={askToClose}
        />
      )}
    </Modal>
  );
}

function ConversationPanel({
  id,
  justClosed,
  onDismissClosed,
  onAskToClose,
}: {
  id: string;
  justClosed: boolean;
  onDismissClosed: () => void;
  onAskToClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(supportQueries.conversation(id));
  const status = useQueryStatus(query);
  // Kept here, not in the reply box: a reply refused because someone closed the conversation meanwhile (409)
  // still shows its message once the conversation reloads as closed and the reply box is gone.
  const reply = useReplyToConversation();
  const conversation = query.data;

  return (
    <Stack gap="md">
      {status.error && (
        <ErrorBanner
          title={t('support.error')}
          message={status.error}
          dismissLabel={t('support.dismiss')}
          onDismiss={status.dismissError}
          retryLabel={t('support.retry')}
          onRetry={() => void status.reload()}
        />
      )}
      {!conversation ? (
        status.loading && (
          <Group gap="sm" justify="center" py="xl">
            <Loader size="sm" />
            <Text>{t('support.dialog.loading')}</Text>
          </Group>
        )
      ) : (
        <>
          <ConversationHeader conversation={conversation} onAskToClose={onAskToClose} />
          {justClosed && (
            <Alert
              color="green"
              variant="light"
              role="status"
              withCloseButton
              closeButtonLabel={t('support.dismiss')}
              onClose={onDismissClosed}
            >
              {t('support.close.done', { name: displayName(conversation.explorer, t) })}
            </Alert>
          )}
          <Thread conversation={conversation} />
          {reply.error && !reply.error.fieldErrors.some((fieldError) => fieldError.field === 'text') && (
            <ErrorBanner
              title={t('support.reply.failed')}
              message={reply.error.message}
              dismissLabel={t('support.dismiss')}
              onDismiss={reply.reset}
            />
          )}
          {conversation.status === 'open' ? (
            <ReplyForm conversation={conversation} reply={reply} />
          ) : (
            <ClosedNote conversation={conversation} />
          )}
        </>
      )}
    </Stack>
  );
}

function ConversationHeader({
  conversation,
  onAskToClose,
}: {
  conversation: Conversation;
  onAskToClose: () => void;
}) {
  const { t } = useTranslation();
  const { explorer } = conversation;
  const open = conversation.status === 'open';
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={open ? 'green' : 'gray'}>
            {t(`support.statusOptions.${conversation.status}`)}
          </Badge>
          {explorer && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{explorer.username}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('support.dialog.started', { time: formatDateTime(conversation.createdAt) })} ·{' '}
          {t('support.card.messages', { count: conversation.messages.length })}
        </Text>
      </Stack>
      {open && (
        <Button
          variant="outline"
          color="red"
          size="xs"
          leftSection={<IconLock size={14} aria-hidden="true" />}
          onClick={onAskToClose}
        >
          {t('support.close.button')}
        </Button>
      )}
    </Group>
  );
}

/** The messages, oldest first; the team's sit to the right on a tinted card and say so in their author line. */
function Thread({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const last = useRef<HTMLLIElement>(null);
  const count = conversation.messages.length;

  // A new message (a reply, or the explorer's next one) comes into view.
  useEffect(() => {
    if (count > 0) last.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  return (
    <Stack
      component="ol"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('support.thread.label')}
    >
      {conversation.messages.map((message, index) => (
        <Paper
          key={message._id}
          ref={index === count - 1 ? last : undefined}
          component="li"
          withBorder
          radius="md"
          p="sm"
          ml={message.fromTeam ? { base: 'md', sm: 'xl' } : 0}
          mr={message.fromTeam ? 0 : { base: 'md', sm: 'xl' }}
          bg={message.fromTeam ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {authorLabel(message, t)}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </Text>
            </Group>
            {/* Plain text as the explorer wrote it: React renders it as text, line breaks kept. */}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

type Reply = ReturnType<typeof useReplyToConversation>;

function ReplyForm({ conversation, reply }: { conversation: Conversation; reply: Reply }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { text: '' },
    validate: { text: (value) => (value.trim() ? null : t('support.reply.required')) },
  });

  function onSubmit({ text }: { text: string }) {
    reply.mutate(
      { id: conversation._id, text },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          const onText = error.fieldErrors.find((fieldError) => fieldError.field === 'text');
          if (onText) form.setFieldError('text', onText.message);
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('support.reply.label')}
          description={t('support.reply.hint', {
            count: form.values.text.length,
            max: SUPPORT_LIMITS.supportMessage,
          })}
          maxLength={SUPPORT_LIMITS.supportMessage}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('text')}
        />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" role="status">
            {reply.isSuccess ? t('support.reply.sent') : ''}
          </Text>
          <Button
            type="submit"
            loading={reply.isPending}
            leftSection={<IconSend size={16} aria-hidden="true" />}
          >
            {t('support.reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ClosedNote({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" role="note" icon={<IconLock size={18} aria-hidden="true" />}>
      {conversation.closedAt
        ? t('support.dialog.closedAt', { time: formatDateTime(conversation.closedAt) })
        : t('support.dialog.closed')}
    </Alert>
  );
}
