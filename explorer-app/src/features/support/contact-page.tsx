import { getErrorMessage, unwrap } from '@cityquest/openapi';
import { SocialLinks } from '@cityquest/shared-ui';
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
import { IconClock, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';

const SUBJECTS = ['General Inquiry', 'Support', 'Partnership', 'Feedback'] as const;
type Subject = (typeof SUBJECTS)[number];
const FAQ = ['account', 'password', 'support', 'free'] as const;
export function ContactPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: '',
    email: '',
    subject: 'General Inquiry' as Subject,
    message: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSent(null);
    // explorer-and-visitor.md section 5: name, email and message required after trimming; message 10+.
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      setError(t('contact.required'));
      return;
    }
    if (values.message.trim().length < 10) {
      setError(t('contact.tooShort'));
      return;
    }
    setError(null);
    setLoading(true);
    try {
      await unwrap(
        api().POST('/users/contact-us', {
          body: {
            name: values.name.trim(),
            email: values.email.trim(),
            subject: values.subject,
            message: values.message.trim(),
          },
        }),
        t('contact.failed'),
      );
      setSent(t('contact.success'));
      setValues({ name: '', email: '', subject: 'General Inquiry', message: '' });
    } catch (failure) {
      setError(getErrorMessage(failure, t('contact.failed')));
    } finally {
      setLoading(false);
    }
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
            <Card withBorder radius="lg" p="lg" component="form" onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                {sent && (
                  <Alert color="green" role="status">
                    {sent}
                  </Alert>
                )}
                <TextInput
                  label={t('contact.name')}
                  required
                  value={values.name}
                  onChange={(e) => set('name')(e.currentTarget.value)}
                  autoComplete="name"
                />
                <TextInput
                  label={t('contact.email')}
                  type="email"
                  required
                  value={values.email}
                  onChange={(e) => set('email')(e.currentTarget.value)}
                  autoComplete="email"
                />
                <Select
                  label={t('contact.subject')}
                  data={SUBJECTS.map((subject) => ({
                    value: subject,
                    label: t(`contact.subjects.${subject}`),
                  }))}
                  value={values.subject}
                  onChange={(value) => value && set('subject')(value)}
                  allowDeselect={false}
                />
                <Textarea
                  label={t('contact.message')}
                  required
                  minRows={5}
                  autosize
                  value={values.message}
                  onChange={(e) => set('message')(e.currentTarget.value)}
                />
                <Button type="submit" loading={loading}>
                  {t('contact.send')}
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Card withBorder radius="lg" p="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('contact.detailsTitle')}
                </Title>
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
              </Card>
              <Card withBorder radius="lg" p="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('contact.followTitle')}
                </Title>
                <SocialLinks />
              </Card>
              <Card withBorder radius="lg" p="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('contact.teamTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('contact.team')}
                </Text>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
        <Stack gap="sm" component="section" aria-labelledby="contact-faq">
          <Title order={2} id="contact-faq">
            {t('contact.faqTitle')}
          </Title>
          <Accordion variant="separated">
            {FAQ.map((item) => (
              <Accordion.Item key={item} value={item}>
                <Accordion.Control>{t(`contact.faq.${item}.q`)}</Accordion.Control>
                <Accordion.Panel>{t(`contact.faq.${item}.a`)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </Container>
  );
}
