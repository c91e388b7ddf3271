import { ApiError, isAdminRole, PASSWORD_LIMITS, PROFILE_LIMITS } from '@cityquest/openapi';
import { Logo } from '@cityquest/shared-ui';
import {
  Alert,
  Anchor,
  Button,
  Center,
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
import { safeRedirect } from '../../lib/admin-access.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { getConfig } from '../../lib/config.ts';

/** Where the fields of POST /users/login are typed. */
const FORM_FIELDS: Partial<Record<string, 'identifier' | 'password'>> = {
  email: 'identifier',
  username: 'identifier',
  password: 'password',
};

/** The console's own sign-in (its origin keeps its own session). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const login = useAuthStore((state) => state.login);
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
      await navigate({ href: safeRedirect(redirect) ?? '/admin/dashboard' });
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        setError(t('login.failed'));
        return;
      }
      // A 400 names its fields (email or username is the identifier box); the alert is for the rest.
      const onFields = failure.fieldErrors.flatMap(({ field, message }) => {
        const input = FORM_FIELDS[field];
        return input ? [[input, message] as const] : [];
      });
      if (onFields.length > 0) form.setErrors(Object.fromEntries(onFields));
      else setError(failure.message);
    }
  }

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            <Logo size={48} withText={false} />
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <form onSubmit={form.onSubmit(onSubmit)} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('login.identifier')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                // An email or a username: the longer of the two the contract takes.
                maxLength={Math.max(PROFILE_LIMITS.email, PROFILE_LIMITS.username)}
                required
                {...form.getInputProps('identifier')}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                maxLength={PASSWORD_LIMITS.max}
                required
                visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={form.submitting} fullWidth>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center" c="dimmed">
            {t('login.explorerHint')}{' '}
            <Anchor href={getConfig().publicOrigin} size="sm" underline="always">
              {t('login.mainSite')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
