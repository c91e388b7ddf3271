import { Button, Divider, Group, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAMESPACES } from './account-strings.ts';

/** Google and Facebook stay disabled: OAuth is not configured (docs/product-rules/explorer-screens.md#sign-in-and-sign-up-screens). */
export function OAuthButtons({ noteKey }: { noteKey: 'login.oauthUnavailable' | 'signup.oauthUnavailable' }) {
  const { t } = useTranslation(ACCOUNT_NAMESPACES);
  return (
    <>
      <Divider label={t('login.orContinue')} labelPosition="center" />
      <Group grow>
        <Button
          variant="default"
          leftSection={<IconBrandGoogle size={16} />}
          disabled
          title={t('auth.oauthNotConfigured')}
        >
          Google
        </Button>
        <Button
          variant="default"
          leftSection={<IconBrandFacebook size={16} />}
          disabled
          title={t('auth.oauthNotConfigured')}
        >
          Facebook
        </Button>
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {t(noteKey)}
      </Text>
    </>
  );
}
