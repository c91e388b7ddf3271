import { MODERATION_LIMITS } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserAction, userActionsFor } from './user-actions.ts';
import {
  type AdminUser,
  DEFAULT_SUSPENSION_REASON,
  useChangeUserRole,
  useReactivateUser,
  useSuspendUser,
} from './users-api.ts';

const ACTION_COLOURS: Record<UserAction, string> = {
  promoteAdmin: 'blue',
  promoteSuperAdmin: 'grape',
  demoteUser: 'orange',
  suspend: 'red',
  reactivate: 'green',
};

type Viewer = { _id: string; role: AdminUser['role'] };

/** The buttons the viewer may use on this account; suspending first asks for the reason its owner will read. */
export function UserActionsPanel({ viewer, target }: { viewer: Viewer; target: AdminUser }) {
  const { t } = useTranslation();
  const changeRole = useChangeUserRole();
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const [suspending, setSuspending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: DEFAULT_SUSPENSION_REASON } });
  const { actions, reason: noActionReason } = userActionsFor(viewer, target);
  const calls = [changeRole, suspend, reactivate];
  const failed = calls.find((call) => call.isError)?.error ?? null;
  const busy: UserAction | null = changeRole.isPending
    ? (changeRole.variables?.change ?? null)
    : suspend.isPending
      ? 'suspend'
      : reactivate.isPending
        ? 'reactivate'
        : null;

  function start() {
    setDone(null);
    for (const call of calls) call.reset();
  }

  function onDone(action: UserAction) {
    return (updated: AdminUser) =>
      setDone(t(`users.actions.done.${action}`, { name: updated.fullName || updated.username }));
  }

  function run(action: Exclude<UserAction, 'suspend'>) {
    start();
    if (action === 'reactivate') reactivate.mutate(target._id, { onSuccess: onDone(action) });
    else changeRole.mutate({ id: target._id, change: action }, { onSuccess: onDone(action) });
  }

  const onSuspend = form.onSubmit(({ reason }) => {
    start();
    suspend.mutate(
      { id: target._id, reason },
      {
        onSuccess: (updated) => {
          setSuspending(false);
          form.reset();
          onDone('suspend')(updated);
        },
        onError: (error) => {
          if (error.fieldErrors.length)
            form.setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
        },
      },
    );
  });
  // A refused reason shows on its field; any other failure in the banner.
  const onField =
    failed !== null &&
    failed === suspend.error &&
    failed.fieldErrors.length > 0 &&
    failed.fieldErrors.every((e) => e.field === 'reason');

  return (
    <Stack gap="sm">
      {failed && !onField && (
        <ErrorBanner
          title={t('users.error')}
          message={failed.message}
          dismissLabel={t('users.dismiss')}
          onDismiss={start}
        />
      )}
      {done && (
        <Alert color="green" variant="light" role="status">
          {done}
        </Alert>
      )}
      {noActionReason && (
        <Text c="dimmed" size="sm">
          {t(`users.actions.${noActionReason}`)}
        </Text>
      )}
      {suspending ? (
        <form onSubmit={onSuspend} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('users.actions.suspendReason')}
              description={t('users.actions.suspendReasonHint')}
              maxLength={MODERATION_LIMITS.suspendReason}
              autosize
              minRows={2}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group gap="xs">
              <Button type="submit" color="red" loading={suspend.isPending}>
                {t('users.actions.confirmSuspend')}
              </Button>
              <Button variant="default" disabled={busy !== null} onClick={() => setSuspending(false)}>
                {t('users.actions.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        actions.length > 0 && (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                variant="light"
                color={ACTION_COLOURS[action]}
                loading={busy === action}
                disabled={busy !== null && busy !== action}
                onClick={() => (action === 'suspend' ? setSuspending(true) : run(action))}
              >
                {t(`users.actions.${action}`)}
              </Button>
            ))}
          </Group>
        )
      )}
    </Stack>
  );
}
