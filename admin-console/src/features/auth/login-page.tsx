import { getErrorMessage, isAdminRole } from '@cityquest/openapi';
import { Logo } from '@cityquest/shared-ui';
import {
  Alert,
  Button,
  Center,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const login = useAuthStore((state) => state.login);
  const loading = useAuthStore((state) => state.loading);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { identifier: '', password: '' },
    validate: {
      identifier: (value) => (value.trim() ? null : t('login.identifierRequired')),
      password: (value) => (value ? null : t('login.passwordRequired')),
    },
  });

  async function onSubmit(values: typeof form.values) {
    setError(null);
    try {
      const user = await login(values.identifier, values.password);
      if (!isAdminRole(user.role)) {
        await navigate({ to: '/access-denied' });
        return;
      }
      const target = search.redirect?.startsWith('/admin/') ? search.redirect : '/admin/dashboard';
      await navigate({ to: target });
    } catch (failure) {
      setError(getErrorMessage(failure, t('login.failed')));
    }
  }

  return (
    <Center mih="100dvh" p="md" component="main">
      <Container size={420} w="100%">
        <Paper withBorder shadow="md" radius="lg" p="xl">
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Logo size={40} withText={false} />
              <Title order={1} size="h2">
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('login.subtitle')}
              </Text>
            </Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <form onSubmit={form.onSubmit(onSubmit)} noValidate>
              <Stack gap="md">
                <TextInput
                  label={t('login.identifier')}
                  autoComplete="username"
                  required
                  {...form.getInputProps('identifier')}
                />
                <PasswordInput
                  label={t('login.password')}
                  autoComplete="current-password"
                  required
                  visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                  {...form.getInputProps('password')}
                />
                <Button type="submit" loading={loading} fullWidth>
                  {t('login.submit')}
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
