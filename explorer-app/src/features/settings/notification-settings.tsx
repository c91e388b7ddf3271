import type { Schema } from '@cityquest/contract';
import { notificationKindValues } from '@cityquest/contract/schema';
import { Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/auth-api.ts';
import { useUpdateSettings } from './settings-api.ts';
import { SETTINGS_NAMESPACES } from './settings-strings.ts';
import { useNotice } from './use-notice.tsx';

type Preferences = Schema<'NotificationSettings'>;
type Changes = NonNullable<Schema<'SettingsUpdateRequest'>['notifications']>;

// This section's strings load with the settings route (the `notifications` namespace); the screen's are `settings:`.
const NAMESPACE = ['notifications', ...SETTINGS_NAMESPACES] as const;

/**
 * What differs from the saved preferences: the mail switch when it changed, and each changed kind whole, since a
 * kind sent replaces both of its channels (openapi.yaml, SettingsUpdateRequest). Null when nothing changed.
 */
function changedPreferences(saved: Preferences, draft: Preferences): Changes | null {
  const changes: Changes = {};
  if (draft.email !== saved.email) changes.email = draft.email;
  for (const kind of notificationKindValues) {
    const { inApp, email } = draft[kind];
    if (inApp !== saved[kind].inApp || email !== saved[kind].email) changes[kind] = { inApp, email };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Which notifications reach the bell and which are mailed (docs/product-rules/social.md#notification-preferences). */
export function NotificationSettings() {
  const saved = useUser()?.settings.notifications;
  return saved ? <NotificationSettingsForm saved={saved} /> : null;
}

function NotificationSettingsForm({ saved }: { saved: Preferences }) {
  const { t } = useTranslation(NAMESPACE);
  const update = useUpdateSettings();
  const { setNotice, view } = useNotice();
  const form = useForm<Preferences>({ initialValues: saved });
  const draft = form.values;
  // Save Changes shows only once something differs from what is saved, like the other preference groups.
  const changes = changedPreferences(saved, draft);

  function save() {
    if (!changes) return;
    update.mutate(
      { notifications: changes },
      {
        onSuccess: (settings) => {
          form.setValues(settings.notifications);
          form.resetDirty(settings.notifications);
          setNotice({ tone: 'green', text: t('settings:settings.saved') });
        },
        onError: (error) =>
          setNotice({ tone: 'red', text: error.message || t('settings:settings.saveFailed') }),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(save)}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="notifications-title">
            {t('settings.title')}
          </Title>
          <Text c="dimmed">{t('settings.intro')}</Text>
        </Stack>
        {view}
        <Switch
          label={t('settings.email')}
          // Mantine's label element holds the description too: named alone, it is not read twice.
          aria-label={t('settings.email')}
          description={t('settings.emailHint')}
          checked={draft.email}
          onChange={(event) => form.setFieldValue('email', event.currentTarget.checked)}
        />
        {/* The kinds' mail switches keep their values while all mail is off: turning it on again restores them. */}
        {!draft.email && (
          <Text size="sm" id="notifications-email-off">
            {t('settings.emailOff')}
          </Text>
        )}
        <Table
          aria-labelledby="notifications-title"
          layout="fixed"
          verticalSpacing="sm"
          horizontalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('settings.kind')}</Table.Th>
              <Table.Th scope="col" w="5.5rem" ta="center">
                {t('settings.inApp')}
              </Table.Th>
              <Table.Th scope="col" w="5.5rem" ta="center">
                {t('settings.byEmail')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notificationKindValues.map((kind) => {
              const name = t(`kinds.${kind}.name`);
              return (
                <Table.Tr key={kind}>
                  <Table.Th scope="row" fw="normal">
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    <Text c="dimmed" size="xs">
                      {t(`kinds.${kind}.hint`)}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Group justify="center">
                      <Switch
                        aria-label={t('settings.inAppLabel', { kind: name })}
                        checked={draft[kind].inApp}
                        onChange={(event) => form.setFieldValue(`${kind}.inApp`, event.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="center">
                      <Switch
                        aria-label={t('settings.emailLabel', { kind: name })}
                        aria-describedby={draft.email ? undefined : 'notifications-email-off'}
                        checked={draft[kind].email}
                        disabled={!draft.email}
                        onChange={(event) => form.setFieldValue(`${kind}.email`, event.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('settings.always')}
        </Text>
        {changes && (
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('settings:settings.saveChanges')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
