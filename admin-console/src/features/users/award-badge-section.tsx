import { CATEGORIES, MODERATION_LIMITS } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { placeOnForm } from '@cityquest/web-client/ui/form-errors';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Badge, badgeQueries } from '../../api/badges-api.ts';
import { categoryLabel } from '../../lib/category-label.ts';
import { tierLabel } from '../../lib/tier-label.ts';
import { type AdminUser, useAwardBadge } from './users-api.ts';

/**
 * The user's Badges section of the details: Award badge opens a form in place (a second dialog would stack on a
 * phone). After an award the details reload, so their badge count shows it.
 */
export function AwardBadgeSection({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [awarding, setAwarding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The form replaces the button that opened it: when it closes, focus goes back to that button.
  const openButton = useRef<HTMLButtonElement>(null);
  const [closedForm, setClosedForm] = useState(false);
  useEffect(() => {
    if (closedForm && !awarding) openButton.current?.focus();
  }, [closedForm, awarding]);

  function closeForm() {
    setAwarding(false);
    setClosedForm(true);
  }

  function onAwarded(badge: Badge) {
    closeForm();
    setDone(t('badges.award.done', { badge: badge.name, name: user.fullName || user.username }));
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="user-award-title">
      <Title order={4} id="user-award-title">
        {t('badges.award.section')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('badges.award.hint')}
      </Text>
      {done && (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t('badges.dismiss')}
          onClose={() => setDone(null)}
        >
          {done}
        </Alert>
      )}
      {awarding ? (
        <AwardBadgeForm user={user} onCancel={closeForm} onAwarded={onAwarded} />
      ) : (
        <Group gap="xs">
          <Button
            ref={openButton}
            variant="light"
            leftSection={<IconAward size={16} aria-hidden="true" />}
            onClick={() => {
              setDone(null);
              setClosedForm(false);
              setAwarding(true);
            }}
          >
            {t('badges.award.open')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type Values = { badgeId: string; reason: string };

type FormProps = { user: AdminUser; onCancel: () => void; onAwarded: (badge: Badge) => void };

function AwardBadgeForm({ user, onCancel, onAwarded }: FormProps) {
  const { t } = useTranslation();
  const catalogue = useQuery(badgeQueries.catalogue());
  // Best effort: a private profile (403) or a suspended account (404) hides what the user holds, and the
  // server still refuses a badge they hold with 409.
  const earned = useQuery(badgeQueries.earned(user._id));
  const award = useAwardBadge();
  // The form replaces the button that opened it, so the badge choice takes the focus once it shows.
  const select = useRef<HTMLSelectElement>(null);
  const ready = catalogue.data !== undefined;
  useEffect(() => {
    if (ready) select.current?.focus();
  }, [ready]);
  const form = useForm<Values>({
    initialValues: { badgeId: '', reason: '' },
    validate: { badgeId: (value) => (value ? null : t('badges.award.badgeRequired')) },
  });
  // A 400's field errors sit on their fields; the banner shows any failure no field holds (a 409 among them).
  const shows = (field: string) => field in form.values;
  const bannerError = placeOnForm(award.error, shows).banner;

  if (catalogue.isError)
    return (
      <ErrorBanner
        title={t('badges.error')}
        message={catalogue.error.message}
        dismissLabel={t('badges.award.cancel')}
        onDismiss={onCancel}
        retryLabel={t('badges.retry')}
        onRetry={() => void catalogue.refetch()}
      />
    );
  if (!catalogue.data)
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('badges.award.loading')}</Text>
      </Group>
    );

  const held = new Set(earned.data?.map((owned) => owned.badge_id.badgeId));

  function onSubmit({ badgeId, reason }: Values) {
    award.mutate(
      { userId: user._id, badgeId: Number(badgeId), reason },
      {
        onSuccess: (owned) => onAwarded(owned.badge_id),
        onError: (error) => form.setErrors(placeOnForm(error, shows).fields),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="xs">
        {bannerError && (
          <ErrorBanner
            title={t('badges.error')}
            message={bannerError}
            dismissLabel={t('badges.dismiss')}
            onDismiss={award.reset}
          />
        )}
        <NativeSelect
          label={t('badges.award.badge')}
          required
          ref={select}
          data={[
            { value: '', label: t('badges.award.chooseBadge') },
            ...badgeOptions(catalogue.data, held, t),
          ]}
          {...form.getInputProps('badgeId')}
        />
        {earned.isError && (
          <Text size="xs" c="dimmed">
            {t('badges.award.heldUnknown')}
          </Text>
        )}
        <Textarea
          label={t('badges.award.reason')}
          description={t('badges.award.reasonHint', {
            count: form.values.reason.length,
            max: MODERATION_LIMITS.awardReason,
          })}
          maxLength={MODERATION_LIMITS.awardReason}
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <Group gap="xs">
          <Button type="submit" loading={award.isPending}>
            {t('badges.award.submit')}
          </Button>
          <Button variant="default" disabled={award.isPending} onClick={onCancel}>
            {t('badges.award.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The catalogue grouped by category, in the contract's category order; each option names the badge, its category
 * and tier, and a badge the user already holds is disabled and says so.
 */
function badgeOptions(catalogue: readonly Badge[], held: ReadonlySet<number>, t: TFunction) {
  return CATEGORIES.map((category) => ({
    group: categoryLabel(category, t),
    items: catalogue
      .filter((badge) => badge.category === category)
      .map((badge) => {
        const option = t('badges.award.option', {
          name: badge.name,
          category: categoryLabel(badge.category, t),
          tier: tierLabel(badge.tier, t),
        });
        const owned = held.has(badge.badgeId);
        return {
          value: String(badge.badgeId),
          label: owned ? t('badges.award.held', { option }) : option,
          disabled: owned,
        };
      }),
  })).filter((group) => group.items.length > 0);
}
