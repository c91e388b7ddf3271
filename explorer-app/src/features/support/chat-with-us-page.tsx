import { ActionIcon, Card, Container, Group, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Message = { id: number; from: 'support' | 'user'; text: string };

/**
 * Chat with Us has no server call, so sent messages stay on this page
 * (docs/product-rules/sample-data.md#sample-content-in-the-apps).
 */
export function ChatWithUsPage() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Message[]>([
    { id: 0, from: 'support', text: t('supportChat.greeting') },
  ]);
  const [draft, setDraft] = useState('');

  function send() {
    const text = draft.trim();
    if (!text) return;
    setMessages((current) => [...current, { id: current.length, from: 'user', text }]);
    setDraft('');
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('supportChat.title')}</Title>
          <Text c="dimmed">{t('supportChat.subtitle')}</Text>
        </Stack>
        <Card withBorder radius="lg" p={0}>
          <ScrollArea h={360} p="md">
            <Stack gap="sm" aria-live="polite">
              {messages.map((message) => (
                <Text
                  key={message.id}
                  size="sm"
                  px="md"
                  py={8}
                  maw="85%"
                  style={{
                    alignSelf: message.from === 'user' ? 'flex-end' : 'flex-start',
                    borderRadius: 14,
                    background:
                      message.from === 'user'
                        ? 'var(--mantine-primary-color-filled)'
                        : 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))',
                    color: message.from === 'user' ? '#fff' : undefined,
                  }}
                >
                  {message.text}
                </Text>
              ))}
            </Stack>
          </ScrollArea>
          <Group
            gap="xs"
            p="sm"
            align="flex-end"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Textarea
              aria-label={t('chatbot.inputLabel')}
              placeholder={t('supportChat.placeholder')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  send();
                }
              }}
              autosize
              minRows={1}
              maxRows={3}
              style={{ flex: 1 }}
            />
            <ActionIcon size="lg" onClick={send} disabled={!draft.trim()} aria-label={t('chatbot.send')}>
              <IconSend size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
