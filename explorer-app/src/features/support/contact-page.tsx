import { CONTACT_SUBJECTS, PROFILE_LIMITS, SUPPORT_LIMITS } from '@cityquest/contract';
import { Section, SocialLinks } from '@cityquest/shared-ui';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
import {
  Accordion,
  Alert,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClock, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_NAMESPACES } from './contact-strings.ts';
import { type ContactMessage, useSendContactMessage } from './support-api.ts';

const FAQ = ['account', 'password', 'support', 'free'] as const;
const REQUIRED = ['name', 'email', 'message'] as const;
const EMPTY: ContactMessage = { name: '', email: '', subject: 'General Inquiry', message: '' };

export function ContactPage() {
  const { t } = useTranslation(CONTACT_NAMESPACES);
  const send = useSendContactMessage();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ContactMessage>({
    initialValues: EMPTY,
    transformValues: (values) => ({
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    }),
    // Every required field blank after trimming is marked, the first one with the message
    // (docs/product-rules/messages.md#contact-form-messages); then the message's minimum length.
    validate: (values) => {
      const missing = REQUIRED.filter((field) => !values[field].trim());
      if (missing.length > 0)
        return Object.fromEntries(
          missing.map((field, index) => [field, index === 0 ? t('contact.required') : true]),
        );
      if (values.message.trim().length < SUPPORT_LIMITS.contactMessageMin)
        return { message: t('contact.tooShort', { min: SUPPORT_LIMITS.contactMessageMin }) };
      return {};
    },
  });

  function onSubmit(values: ContactMessage) {
    setError(null);
    send.reset();
    send.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (failure) => setError(placeErrors(form, failure, t('contact.failed'))),
    });
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4} ta="center">
          <Title order={1}>{t('contact.title')}</Title>
          <Text c="dimmed">{t('contact.subtitle')}</Text>
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card
              withBorder
              radius="lg"
              p="lg"
              component="form"
              onSubmit={form.onSubmit(onSubmit)}
              noValidate
            >
              <Stack gap="md">
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                {send.isSuccess && (
                  <Alert color="green" role="status">
                    {t('contact.success')}
                  </Alert>
                )}
                <TextInput
                  label={t('contact.name')}
                  required
                  maxLength={SUPPORT_LIMITS.contactName}
                  autoComplete="name"
                  {...form.getInputProps('name')}
                />
                <TextInput
                  label={t('contact.email')}
                  type="email"
                  required
                  maxLength={PROFILE_LIMITS.email}
                  autoComplete="email"
                  {...form.getInputProps('email')}
                />
                <Select
                  label={t('contact.subject')}
                  data={CONTACT_SUBJECTS.map((subject) => ({
                    value: subject,
                    label: t(`contact.subjects.${subject}`),
                  }))}
                  allowDeselect={false}
                  {...form.getInputProps('subject')}
                />
                <Textarea
                  label={t('contact.message')}
                  required
                  minRows={5}
                  autosize
                  maxLength={SUPPORT_LIMITS.contactMessage}
                  {...form.getInputProps('message')}
                />
                <Button type="submit" loading={send.isPending}>
                  {t('contact.send')}
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Section title={t('contact.detailsTitle')}>
                <Stack gap="xs">
                  <Group gap="xs">
                    <IconMail size={18} aria-hidden="true" />
                    <Text size="sm">support@cityquest.app</Text>
                  </Group>
                  <Group gap="xs">
                    <IconClock size={18} aria-hidden="true" />
                    <Text size="sm">{t('contact.hours')}</Text>
                  </Group>
                </Stack>
              </Section>
              <Section title={t('contact.followTitle')}>
                <SocialLinks />
              </Section>
              <Section title={t('contact.teamTitle')}>
                <Text size="sm" c="dimmed">
                  {t('contact.team')}
                </Text>
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
        <Section title={t('contact.faqTitle')}>
          <Accordion variant="separated">
            {FAQ.map((item) => (
              <Accordion.Item key={item} value={item}>
                <Accordion.Control>{t(`contact.faq.${item}.q`)}</Accordion.Control>
                <Accordion.Panel>{t(`contact.faq.${item}.a`)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      </Stack>
    </Container>
  );
}
