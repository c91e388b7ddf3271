import { getErrorMessage, type Schema } from '@cityquest/openapi';
import {
  Alert,
  Button,
  Container,
  Divider,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';
import { DeleteAccountPanel } from './delete-account-panel.tsx';
import { EditableText } from './editable-text.tsx';
import { PictureField } from './picture-field.tsx';
import { settingsApi } from './settings-api.ts';

const TABS = ['account', 'privacy', 'preferences', 'security'] as const;
type Tab = (typeof TABS)[number];
type Settings = Schema<'UserSettings'>;
const NOTICE_MS = 3000;

function useNotice() {
  const [notice, setNotice] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'green') return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const view = notice && (
    <Alert color={notice.tone} role={notice.tone === 'red' ? 'alert' : 'status'}>
      {notice.text}
    </Alert>
  );
  return { setNotice, view };
}

function AccountTab() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.userData);
  const { setNotice, view } = useNotice();
  if (!user) return null;

  const saveDetails = (field: 'fullName' | 'bio', success: string) => async (next: string) => {
    try {
      await settingsApi.updateDetails({ [field]: next });
      setNotice({ tone: 'green', text: success });
    } catch (error) {
      setNotice({ tone: 'red', text: getErrorMessage(error, t('settings.detailsFailed')) });
      throw error;
    }
  };

  return (
    <Stack gap="lg">
      {view}
      <Group align="flex-start" grow preventGrowOverflow={false}>
        <PictureField kind="avatar" current={user.avatar} />
        <PictureField kind="coverImage" current={user.coverImage} />
      </Group>
      <Divider />
      <EditableText
        label={t('settings.fullName')}
        value={user.fullName}
        onSave={saveDetails('fullName', t('settings.fullNameSaved'))}
      />
      <EditableText
        label={t('settings.bio')}
        value={user.bio}
        multiline
        maxLength={200}
        placeholder={t('settings.bioPlaceholder')}
        onSave={saveDetails('bio', t('settings.bioSaved'))}
      />
      <TextInput
        label={t('settings.email')}
        value={user.email}
        readOnly
        description={t('settings.emailLocked')}
      />
      <TextInput
        label={t('settings.username')}
        value={user.username}
        readOnly
        description={t('settings.usernameLocked')}
      />
      <DeleteAccountPanel />
    </Stack>
  );
}

/** Privacy and app preferences: Save Changes shows only once something was edited. */
function GroupForm<K extends 'privacy' | 'appPreferences'>({
  group,
  render,
}: {
  group: K;
  render: (value: Settings[K], change: (next: Settings[K]) => void) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const saved = useAuthStore((state) => state.userData?.settings[group]);
  const [draft, setDraft] = useState(saved);
  const [busy, setBusy] = useState(false);
  const { setNotice, view } = useNotice();
  useEffect(() => setDraft(saved), [saved]);
  if (!draft || !saved) return null;
  const edited = JSON.stringify(draft) !== JSON.stringify(saved);

  async function save() {
    if (!draft) return;
    setBusy(true);
    try {
      await settingsApi.updateSettings({ [group]: draft } as Schema<'SettingsUpdateRequest'>);
      setNotice({ tone: 'green', text: t('settings.saved') });
    } catch (error) {
      setNotice({ tone: 'red', text: getErrorMessage(error, t('settings.saveFailed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      {view}
      {render(draft, setDraft as (next: Settings[K]) => void)}
      {edited && (
        <Group>
          <Button onClick={save} loading={busy}>
            {t('settings.saveChanges')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SecurityTab() {
  const { t } = useTranslation();
  const enabled = useAuthStore((state) => state.userData?.settings.security.twoFactorAuth ?? false);
  const { setNotice, view } = useNotice();
  return (
    <Stack gap="md">
      {view}
      <Switch
        label={t('settings.twoFactor')}
        description={t('settings.twoFactorHint')}
        checked={enabled}
        onChange={async (event) => {
          const next = event.currentTarget.checked;
          try {
            await settingsApi.updateSettings({ security: { twoFactorAuth: next } });
            setNotice({ tone: 'green', text: t('settings.saved') });
          } catch (error) {
            setNotice({ tone: 'red', text: getErrorMessage(error, t('settings.saveFailed')) });
          }
        }}
      />
      <Group>
        <Button component={Link} to="/change-password" variant="default">
          {t('changePassword.title')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [tab, setTab] = useState<Tab>('account');
  const labels: Record<Tab, string> = {
    account: t('settings.tabs.account'),
    privacy: t('settings.tabs.privacy'),
    preferences: t('settings.tabs.preferences'),
    security: t('settings.tabs.security'),
  };
  const panels: Record<Tab, React.ReactNode> = {
    account: <AccountTab />,
    privacy: (
      <GroupForm
        group="privacy"
        render={(value, change) => (
          <Stack gap="md">
            <Stack gap={4}>
              <Text fw={600} id="visibility-label">
                {t('settings.visibility')}
              </Text>
              <SegmentedControl
                aria-labelledby="visibility-label"
                value={value.profileVisibility}
                onChange={(next) => change({ ...value, profileVisibility: next as 'public' | 'private' })}
                data={[
                  { value: 'public', label: t('settings.public') },
                  { value: 'private', label: t('settings.private') },
                ]}
              />
            </Stack>
            <Switch
              label={t('settings.dataSharing')}
              checked={value.dataSharing}
              onChange={(event) => change({ ...value, dataSharing: event.currentTarget.checked })}
            />
          </Stack>
        )}
      />
    ),
    preferences: (
      <GroupForm
        group="appPreferences"
        render={(value, change) => (
          <Stack gap="md">
            <NativeSelect
              label={t('settings.language')}
              value={value.language}
              onChange={(event) =>
                change({ ...value, language: event.currentTarget.value as 'en' | 'es' | 'fr' })
              }
              data={[
                { value: 'en', label: 'English' },
                { value: 'es', label: 'Español' },
                { value: 'fr', label: 'Français' },
              ]}
            />
            <Stack gap={4}>
              <Text fw={600} id="theme-label">
                {t('settings.theme')}
              </Text>
              <SegmentedControl
                aria-labelledby="theme-label"
                value={value.theme}
                onChange={(next) => change({ ...value, theme: next as 'light' | 'dark' })}
                data={[
                  { value: 'light', label: t('settings.light') },
                  { value: 'dark', label: t('settings.dark') },
                ]}
              />
            </Stack>
          </Stack>
        )}
      />
    ),
    security: <SecurityTab />,
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('settings.title')}</Title>
        {wide ? (
          <Tabs
            value={tab}
            onChange={(next) => next && setTab(next as Tab)}
            orientation="vertical"
            variant="pills"
          >
            <Tabs.List miw={200}>
              {TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {labels[name]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((name) => (
              <Tabs.Panel key={name} value={name} pl="xl">
                <Paper withBorder radius="lg" p="lg">
                  {panels[name]}
                </Paper>
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <Stack gap="md">
            <NativeSelect
              label={t('settings.section')}
              value={tab}
              onChange={(event) => setTab(event.currentTarget.value as Tab)}
              data={TABS.map((name) => ({ value: name, label: labels[name] }))}
            />
            <Paper withBorder radius="lg" p="md">
              {panels[tab]}
            </Paper>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
