import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBundledStrings } from '../../lib/i18n.ts';
import en from '../../lib/locales/chatbot/en.json';
import es from '../../lib/locales/chatbot/es.json';
import fr from '../../lib/locales/chatbot/fr.json';
import { type BotReply, FAILURE_REPLY, replyToOption, replyToText, WELCOME } from './chatbot-rules.ts';
import classes from './chatbot-widget.module.css';

// The conversation's strings, every language, travel in this lazy chunk: the entry keeps only the launcher's.
addBundledStrings('chatbot', { en, es, fr });

export const TYPING_DELAY_MS = 800;

type Message = {
  id: number;
  sender: 'bot' | 'user';
  timestamp: Date;
  /** User text as typed; bot text as an i18n key so it follows the language. */
  text: string;
  reply?: BotReply;
};

let nextId = 1;
const botMessage = (reply: BotReply): Message => ({
  id: nextId++,
  sender: 'bot',
  timestamp: new Date(),
  text: reply.textKey,
  reply,
});

/** The conversation of the help chat; it stays mounted while closed so the conversation survives. */
export function ChatbotPanel({ hidden, onClose }: { hidden: boolean; onClose: () => void }) {
  const { t } = useTranslation('chatbot');
  const [messages, setMessages] = useState<Message[]>(() => [botMessage(WELCOME)]);
  const [draft, setDraft] = useState('');
  const [typing, setTyping] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const bottom = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    // Opening the chat (from the launcher or another screen's button) puts the keyboard in its message box.
    if (!hidden) input.current?.focus();
  }, [hidden]);
  const latest = `${messages.length}:${typing}`;
  useEffect(() => {
    // Keep the newest message (or the typing line) in view.
    if (latest) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [latest]);

  function answer(userText: string, compute: () => BotReply) {
    setMessages((current) => [
      ...current,
      { id: nextId++, sender: 'user', timestamp: new Date(), text: userText },
    ]);
    setTyping(true);
    timer.current = window.setTimeout(() => {
      let reply: BotReply;
      try {
        reply = compute();
      } catch {
        reply = FAILURE_REPLY;
      }
      setMessages((current) => [...current, botMessage(reply)]);
      setTyping(false);
    }, TYPING_DELAY_MS);
  }

  function send() {
    const text = draft.trim();
    if (!text || typing) return;
    setDraft('');
    answer(text, () => replyToText(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  function clear() {
    window.clearTimeout(timer.current);
    setTyping(false);
    setDraft('');
    setMessages([botMessage(WELCOME)]);
  }

  return (
    <Paper
      shadow="xl"
      radius="lg"
      withBorder
      className={classes.panel}
      role="dialog"
      aria-labelledby="chatbot-title"
      hidden={hidden}
    >
      <Group justify="space-between" px="md" py="sm" className={classes.header}>
        <Title order={2} size="h5" id="chatbot-title">
          {t('chatbot.title')}
        </Title>
        <Group gap={4}>
          <Button size="compact-sm" variant="subtle" onClick={clear}>
            {t('chatbot.clear')}
          </Button>
          <CloseButton aria-label={t('chatbot.close')} onClick={onClose} />
        </Group>
      </Group>
      <ScrollArea className={classes.messages} px="md" py="sm">
        <Stack gap="sm" aria-live="polite">
          {messages.map((message) => (
            <Stack key={message.id} gap={6} align={message.sender === 'user' ? 'flex-end' : 'flex-start'}>
              <Text className={message.sender === 'user' ? classes.userBubble : classes.botBubble} size="sm">
                {message.reply ? t(message.reply.textKey, message.reply.values) : message.text}
              </Text>
              {message.reply && message.reply.options.length > 0 && (
                <Group gap={6}>
                  {message.reply.options.map((option) => (
                    <Button
                      key={option.id}
                      size="compact-xs"
                      variant="outline"
                      disabled={typing}
                      onClick={() => answer(t(option.textKey), () => replyToOption(option.id))}
                    >
                      {t(option.textKey)}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          ))}
          {typing && (
            <Text size="sm" c="dimmed" role="status">
              {t('chatbot.typing')}
            </Text>
          )}
          <div ref={bottom} />
        </Stack>
      </ScrollArea>
      <Group gap="xs" p="sm" align="flex-end" className={classes.footer}>
        <Textarea
          ref={input}
          aria-label={t('chatbot.inputLabel')}
          placeholder={t('chatbot.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={typing}
          autosize
          minRows={1}
          maxRows={3}
          style={{ flex: 1 }}
        />
        <ActionIcon
          size="lg"
          onClick={send}
          disabled={typing || !draft.trim()}
          aria-label={t('chatbot.send')}
        >
          <IconSend size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
