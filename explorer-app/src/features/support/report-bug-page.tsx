import { getErrorMessage, unwrapEnvelope } from '@cityquest/openapi';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Input,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY = {
  email: '',
  subject: '',
  description: '',
  stepsToReproduce: '',
  expectedBehavior: '',
  actualBehavior: '',
};
type Field = keyof typeof EMPTY;

/** explorer-and-visitor.md section 5: the checks run in this order and the first failure shows. */
export function firstBugReportProblem(values: typeof EMPTY): string | null {
  if (!values.email.trim()) return 'bugReport.emailRequired';
  if (!EMAIL_PATTERN.test(values.email.trim())) return 'bugReport.emailInvalid';
  if (!values.subject.trim()) return 'bugReport.subjectRequired';
  if (!values.description.trim()) return 'bugReport.descriptionRequired';
  if (!values.stepsToReproduce.trim()) return 'bugReport.stepsRequired';
  return null;
}

export function ReportBugPage() {
  const { t } = useTranslation();
  const fileInputId = useId();
  const [values, setValues] = useState(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (key: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const problem = firstBugReportProblem(values);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setLoading(true);
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) if (value.trim()) form.append(key, value.trim());
    for (const file of files) form.append('attachments', file);
    try {
      const { message } = await unwrapEnvelope(
        api().POST('/users/report-bug', {
          body: form as never,
          bodySerializer: (body) => body as unknown as FormData,
        }),
        t('bugReport.failed'),
      );
      setSuccess(message || t('bugReport.success'));
      setValues(EMPTY);
      setFiles([]);
    } catch (failure) {
      setError(getErrorMessage(failure, t('bugReport.failed')));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('bugReport.title')}</Title>
          <Text c="dimmed">{t('bugReport.subtitle')}</Text>
        </Stack>
        <Card withBorder radius="lg" p="lg" component="form" onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {success && (
              <Alert color="green" role="status">
                {success}
              </Alert>
            )}
            <TextInput
              label={t('bugReport.email')}
              type="email"
              required
              value={values.email}
              onChange={set('email')}
              autoComplete="email"
            />
            <TextInput
              label={t('bugReport.subject')}
              required
              value={values.subject}
              onChange={set('subject')}
            />
            <Textarea
              label={t('bugReport.description')}
              required
              autosize
              minRows={3}
              value={values.description}
              onChange={set('description')}
            />
            <Textarea
              label={t('bugReport.steps')}
              required
              autosize
              minRows={3}
              value={values.stepsToReproduce}
              onChange={set('stepsToReproduce')}
            />
            <Textarea
              label={t('bugReport.expected')}
              autosize
              minRows={2}
              value={values.expectedBehavior}
              onChange={set('expectedBehavior')}
            />
            <Textarea
              label={t('bugReport.actual')}
              autosize
              minRows={2}
              value={values.actualBehavior}
              onChange={set('actualBehavior')}
            />
            <Input.Wrapper
              label={t('bugReport.attachments')}
              description={t('bugReport.attachmentsHint')}
              labelProps={{ htmlFor: fileInputId }}
            >
              <Stack gap="xs" mt={4}>
                <input
                  id={fileInputId}
                  type="file"
                  accept="image/png,image/jpeg,image/gif"
                  multiple
                  onChange={(event) => {
                    const chosen = Array.from(event.currentTarget.files ?? []);
                    setFiles((current) => [...current, ...chosen].slice(0, 5));
                    event.currentTarget.value = '';
                  }}
                />
                {files.map((file) => (
                  <Group key={`${file.name}-${file.size}-${file.lastModified}`} gap="xs" wrap="nowrap">
                    <Text size="sm" truncate style={{ flex: 1 }}>
                      {file.name}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('bugReport.remove', { name: file.name })}
                      onClick={() => setFiles((current) => current.filter((item) => item !== file))}
                    >
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            </Input.Wrapper>
            <Button type="submit" loading={loading}>
              {t('bugReport.submit')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
