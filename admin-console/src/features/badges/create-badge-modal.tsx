import { BADGE_LIMITS, BADGE_TIERS, CATEGORIES } from '@cityquest/contract';
import { TIER_THRESHOLDS } from '@cityquest/contract/rules';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Badge, useCreateBadge } from '../../api/badges-api.ts';
import { categoryLabel } from '../../lib/category-label.ts';
import { BadgeImageField } from './badge-image-field.tsx';
import {
  type CreateBadgeValues,
  createBadgeBodyOf,
  createBadgeErrors,
  EMPTY_BADGE,
  ERROR_PARAMS,
  isTier,
  NO_TIER,
} from './create-badge-form.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  onCreated: (badge: Badge) => void;
  /** The badges listed, whose catalogue medals preview the image a badge gets without an upload. */
  catalogue: readonly Badge[];
};

/** Create a badge: name, description, category, tier, xp figure and image, checked as the contract checks them. */
export function CreateBadgeModal({ opened, onClose, onCreated, catalogue }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('badges.create.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <CreateBadgeForm onCancel={onClose} onCreated={onCreated} catalogue={catalogue} />}
    </Modal>
  );
}

function CreateBadgeForm({
  onCancel,
  onCreated,
  catalogue,
}: {
  onCancel: () => void;
  onCreated: (badge: Badge) => void;
  catalogue: readonly Badge[];
}) {
  const { t } = useTranslation();
  const create = useCreateBadge();
  const form = useForm<CreateBadgeValues>({
    initialValues: EMPTY_BADGE,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(createBadgeErrors(values)).map(([field, error]) => [
          field,
          t(`badges.create.errors.${error}`, ERROR_PARAMS[error] ?? {}),
        ]),
      ),
  });
  // A 400's field errors sit on their fields, and so does a 409 (the contract's only one: the name is taken);
  // the banner shows any failure no field holds.
  const fieldErrorsOf = (error: NonNullable<typeof create.error>) =>
    error.status === 409
      ? [{ field: 'name', message: error.message }]
      : error.fieldErrors.filter((fieldError) => fieldError.field in form.values);
  const bannerError = create.error && fieldErrorsOf(create.error).length === 0 ? create.error.message : null;

  function onSubmit(values: CreateBadgeValues) {
    const body = createBadgeBodyOf(values);
    if (!body) return;
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) =>
        form.setErrors(Object.fromEntries(fieldErrorsOf(error).map((e) => [e.field, e.message]))),
    });
  }

  // Choosing a tier suggests its threshold as the xp figure, unless one is already typed.
  const tierProps = form.getInputProps('tier');
  function onTierChange(event: ChangeEvent<HTMLSelectElement>) {
    tierProps.onChange(event);
    const tier = event.currentTarget.value;
    if (isTier(tier) && form.getValues().xpRequired === '')
      form.setFieldValue('xpRequired', TIER_THRESHOLDS[tier]);
  }

  // The server draws the same medal for the same category and tier as the catalogue badge that has them.
  const { category, tier } = form.values;
  const medalUrl = catalogue.find((badge) => badge.category === category && badge.tier === tier)?.imageUrl;

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        {bannerError && (
          <ErrorBanner
            title={t('badges.error')}
            message={bannerError}
            dismissLabel={t('badges.dismiss')}
            onDismiss={create.reset}
          />
        )}
        <TextInput
          label={t('badges.create.name')}
          required
          maxLength={BADGE_LIMITS.name}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('badges.create.description')}
          description={t('badges.create.descriptionHint', {
            count: form.values.description.length,
            max: BADGE_LIMITS.description,
          })}
          required
          maxLength={BADGE_LIMITS.description}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NativeSelect
            label={t('badges.create.category')}
            required
            data={[
              { value: '', label: t('badges.create.chooseCategory') },
              ...CATEGORIES.map((value) => ({ value, label: categoryLabel(value, t) })),
            ]}
            {...form.getInputProps('category')}
          />
          <NativeSelect
            label={t('badges.create.tier')}
            required
            data={[
              { value: '', label: t('badges.create.chooseTier') },
              ...BADGE_TIERS.map((value) => ({ value, label: t(`badges.tiers.${value}`) })),
              { value: NO_TIER, label: t('badges.create.noTier') },
            ]}
            {...tierProps}
            onChange={onTierChange}
          />
          <NumberInput
            label={t('badges.create.xpRequired')}
            description={t('badges.create.xpHint')}
            required
            min={BADGE_LIMITS.xpMin}
            max={BADGE_LIMITS.xpMax}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps('xpRequired')}
          />
          <BadgeImageField
            value={form.values.image}
            onChange={(file) => form.setFieldValue('image', file)}
            error={form.errors.image}
            medalUrl={medalUrl}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('badges.create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('badges.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
