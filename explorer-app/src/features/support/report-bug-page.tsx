import { PROFILE_LIMITS, SUPPORT_LIMITS } from '@cityquest/contract';
import { placeErrors } from '@cityquest/web-client/ui/form-errors';
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
import { useForm } from '@mantine/form';
import { IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n-resources.ts';
import { CONTACT_NAMESPACES } from './contact-strings.ts';
import { type BugReport, useReportBug } from './support-api.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY: BugReport = {
  email: '',
  subject: '',
  description: '',
  stepsToReproduce: '',
  expectedBehavior: '',
  actualBehavior: '',
  attachments: [],
};
type Field = Exclude<keyof BugReport, 'attachments'>;
type Problem = { field: Field; key: string };

/** docs/product-rules/messages.md#bug-report-messages: the checks run in this order and the first failure shows, on its field. */
export function firstBugReportProblem(values: Record<Field, string>): Problem | null {
  const email = values.email.trim();
  if (!email) return { field: 'email', key: 'bugReport.emailRequired' };
  if (!EMAIL_PATTERN.test(email)) return { field: 'email', key: 'bugReport.emailInvalid' };
  if (!values.subject.trim()) return { field: 'subject', key: 'bugReport.subjectRequired' };
  if (!values.description.trim()) return { field: 'description', key: 'bugReport.descriptionRequired' };
  if (!values.stepsToReproduce.trim()) return { field: 'stepsToReproduce', key: 'bugReport.stepsRequired' };
  return null;
}

const trimmed = (values: BugReport): BugReport => ({
  ...values,
  email: values.email.trim(),
  subject: values.subject.trim(),
  description: values.description.trim(),
  stepsToReproduce: values.stepsToReproduce.trim(),
  expectedBehavior: values.expectedBehavior?.trim(),
  actualBehavior: values.actualBehavior?.trim(),
});

export function ReportBugPage() {
  const { t } = useTranslation(CONTACT_NAMESPACES);
  const fileInputId = useId();
  const report = useReportBug();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<BugReport>({
    initialValues: EMPTY,
    transformValues: trimmed,
    validate: (values) => {
      const problem = firstBugReportProblem(values as Record<Field, string>);
      return problem ? { [problem.field]: t(problem.key as TranslationKey<'contact'>) } : {};
    },
  });
  const files = form.values.attachments;

  function onSubmit(values: BugReport) {
    setError(null);
    setSuccess(null);
    report.mutate(values, {
      onSuccess: ({ message }) => {
        setSuccess(message || t('bugReport.success'));
        form.reset();
      },
      onError: (failure) => setError(placeErrors(form, failure, t('bugReport.failed'))),
    });
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('bugReport.title')}</Title>
          <Text c="dimmed">{t('bugReport.subtitle')}</Text>
        </Stack>
        <Card withBorder radius="lg" p="lg" component="form" onSubmit={form.onSubmit(onSubmit)} noValidate>
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
              maxLength={PROFILE_LIMITS.email}
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('bugReport.subject')}
              required
              maxLength={SUPPORT_LIMITS.bugSubject}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label={t('bugReport.description')}
              required
              autosize
              minRows={3}
              maxLength={SUPPORT_LIMITS.bugText}
              {...form.getInputProps('description')}
            />
            <Textarea
              label={t('bugReport.steps')}
              required
              autosize
              minRows={3}
              maxLength={SUPPORT_LIMITS.bugText}
              {...form.getInputProps('stepsToReproduce')}
            />
            <Textarea
              label={t('bugReport.expected')}
              autosize
              minRows={2}
              maxLength={SUPPORT_LIMITS.bugText}
              {...form.getInputProps('expectedBehavior')}
            />
            <Textarea
              label={t('bugReport.actual')}
              autosize
              minRows={2}
              maxLength={SUPPORT_LIMITS.bugText}
              {...form.getInputProps('actualBehavior')}
            />
            <Input.Wrapper
              label={t('bugReport.attachments')}
              description={t('bugReport.attachmentsHint', {
                mb: SUPPORT_LIMITS.attachmentBytes / (1024 * 1024),
                max: SUPPORT_LIMITS.attachments,
              })}
              error={form.errors.attachments}
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
                    form.setFieldValue(
                      'attachments',
                      [...files, ...chosen].slice(0, SUPPORT_LIMITS.attachments),
                    );
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
                      onClick={() =>
                        form.setFieldValue(
                          'attachments',
                          files.filter((item) => item !== file),
                        )
                      }
                    >
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            </Input.Wrapper>
            <Button type="submit" loading={report.isPending}>
              {t('bugReport.submit')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
