import { PROFILE_LIMITS, type Schema } from '@cityquest/contract';
import {
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
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { DeleteAccountPanel } from './delete-account-panel.tsx';
import { EditableText } from './editable-text.tsx';
import { NotificationSettings } from './notification-settings.tsx';
import { PictureField } from './picture-field.tsx';
import { useUpdateAccountDetails, useUpdateSettings } from './settings-api.ts';
import { SETTINGS_NAMESPACES } from './settings-strings.ts';
import { TwoFactorSettings } from './two-factor-settings.tsx';
import { useNotice } from './use-notice.tsx';

const TABS = ['account', 'privacy', 'preferences', 'notifications', 'security'] as const;
type Tab = (typeof TABS)[number];
type Settings = Schema<'UserSettings'>;

function AccountTab() {
  const { t } = useTranslation(SETTINGS_NAMESPACES);
  const user = useUser();
  const { setNotice, view } = useNotice();
  const updateDetails = useUpdateAccountDetails();
  if (!user) return null;

  const saveDetails = (field: 'fullName' | 'bio', success: string) => async (next: string) => {
    await updateDetails.mutateAsync({ [field]: next });
    setNotice({ tone: 'green', text: success });
  };
  const onFailure = (text: string) => setNotice({ tone: 'red', text });

  return (
    <Stack gap="lg">
      {view}
      <Group align="flex-start" grow preventGrowOverflow={false}>
        <PictureField kind="avatar" current={user.avatar} />
        <PictureField kind="coverImage" current={user.coverImage} />
      </Group>
      <Divider />
      <EditableText
        name="fullName"
        label={t('settings.fullName')}
        value={user.fullName}
        maxLength={PROFILE_LIMITS.fullName}
        tooLong={t('settings.fullNameTooLong', { max: PROFILE_LIMITS.fullName })}
        onSave={saveDetails('fullName', t('settings.fullNameSaved'))}
        onFailure={onFailure}
      />
      <EditableText
        name="bio"
        label={t('settings.bio')}
        value={user.bio}
        multiline
        maxLength={PROFILE_LIMITS.bio}
        tooLong={t('settings.bioTooLong', { max: PROFILE_LIMITS.bio })}
        placeholder={t('settings.bioPlaceholder')}
        onSave={saveDetails('bio', t('settings.bioSaved'))}
        onFailure={onFailure}
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
  const saved = useUser()?.settings[group];
  return saved ? <GroupFormFields group={group} saved={saved} render={render} /> : null;
}

function GroupFormFields<K extends 'privacy' | 'appPreferences'>({
  group,
  saved,
  render,
}: {
  group: K;
  saved: Settings[K];
  render: (value: Settings[K], change: (next: Settings[K]) => void) => React.ReactNode;
}) {
  const { t } = useTranslation(SETTINGS_NAMESPACES);
  const update = useUpdateSettings();
  const { setNotice, view } = useNotice();
  const form = useForm<{ draft: Settings[K] }>({ initialValues: { draft: saved } });

  function save({ draft }: { draft: Settings[K] }) {
    update.mutate({ [group]: draft } as Schema<'SettingsUpdateRequest'>, {
      onSuccess: () => {
        form.resetDirty();
        setNotice({ tone: 'green', text: t('settings.saved') });
      },
      onError: (error) => setNotice({ tone: 'red', text: error.message || t('settings.saveFailed') }),
    });
  }

  return (
    <form onSubmit={form.onSubmit(save)}>
      <Stack gap="md">
        {view}
        {render(form.values.draft, (next) => form.setFieldValue('draft', next as never))}
        {form.isDirty() && (
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('settings.saveChanges')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function SecurityTab() {
  const { t } = useTranslation(SETTINGS_NAMESPACES);
  return (
    <Stack gap="lg">
      <TwoFactorSettings />
      <Divider />
      <Group>
        <Button component={Link} to="/change-password" variant="default">
          {t('translation:changePassword.title')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SettingsPage() {
  const { t } = useTranslation(['settings', 'notifications']);
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [tab, setTab] = useState<Tab>('account');
  const labels: Record<Tab, string> = {
    account: t('settings.tabs.account'),
    privacy: t('settings.tabs.privacy'),
    preferences: t('settings.tabs.preferences'),
    notifications: t('notifications:settings.tab'),
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
            <Switch
              label={t('settings.shareLivePosition')}
              // Mantine's label element holds the description too: named alone, it is not read twice.
              aria-label={t('settings.shareLivePosition')}
              description={t('settings.shareLivePositionHint')}
              checked={value.shareLivePosition}
              onChange={(event) => change({ ...value, shareLivePosition: event.currentTarget.checked })}
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
    notifications: <NotificationSettings />,
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
