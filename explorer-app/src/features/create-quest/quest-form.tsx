import { ApiError, getErrorMessage } from '@cityquest/openapi';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconEye, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quest } from '../../lib/quests/quest-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { createQuest, updateQuest } from './create-quest-api.ts';
import { ExistingPhotos, fileKey, PhotoPicker, useObjectUrls } from './photo-picker.tsx';
import {
  CATEGORY_OPTIONS,
  createQuestFormData,
  DIFFICULTY_OPTIONS,
  digitsOnly,
  emptyQuestValues,
  hasTask,
  LIMITS,
  PROBLEM_ORDER,
  type QuestFormValues,
  questToValues,
  updateQuestBody,
} from './quest-form-values.ts';
import { QuestPreviewModal } from './quest-preview-modal.tsx';
import { QuestRouteEditor, type RouteEdit } from './quest-route-editor.tsx';
import { TextListField } from './text-list-field.tsx';
import { ValidationErrorsModal } from './validation-errors-modal.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

type ServerProblem = { message: string; details: string[] };
type Form = UseFormReturnType<QuestFormValues>;

/** A text box with its 'n / max characters' counter; only it renders again as the creator types. */
function CountedTextInput({
  form,
  field,
  max,
  ...props
}: Omit<TextInputProps, 'form'> & { form: Form; field: 'title' | 'subtitle'; max: number }) {
  const { t } = useTranslation('create');
  const value = form.useWatchValue(field);
  return (
    <TextInput
      {...props}
      maxLength={max}
      description={t('fields.counter', { count: value.length, max })}
      {...form.getInputProps(field)}
    />
  );
}

/** Digits only, up to 10 (section 5): a controlled box, so the filtered value shows at once. */
function PincodeInput({ form }: { form: Form }) {
  const { t } = useTranslation('create');
  const value = form.useWatchValue('pincode');
  return (
    <TextInput
      label={t('fields.pincode')}
      description={t('fields.pincodeHint')}
      required
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={LIMITS.pincode}
      value={value}
      error={form.errors.pincode}
      onChange={(event) =>
        form.setFieldValue('pincode', digitsOnly(event.currentTarget.value), { forceUpdate: false })
      }
    />
  );
}

/**
 * The quest form of /create-quest (POST /quests/create-quest, multipart) and of /edit-quest/{id} (PUT /quests/{id},
 * JSON): explorer-and-visitor.md sections 2 to 5 and 8.
 */
export function QuestForm({ quest }: { quest?: Quest }) {
  const { t } = useTranslation('create');
  const navigate = useNavigate();
  const editing = quest !== undefined;
  const [formVersion, setFormVersion] = useState(0);
  const required = (message: string) => (value: string) => (value.trim() ? null : message);
  const [initialValues] = useState(() => (quest ? questToValues(quest) : emptyQuestValues()));
  // Uncontrolled: typing in one box does not render the whole form (and its map) again.
  const form = useForm<QuestFormValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: {
      photos: (photos) => (editing || photos.length > 0 ? null : t('validation.photos')),
      title: required(t('validation.title')),
      category: (value) => (value ? null : t('validation.category')),
      difficulty: (value) => (value ? null : t('validation.difficulty')),
      description: required(t('validation.description')),
      address: required(t('validation.address')),
      city: required(t('validation.city')),
      pincode: required(t('validation.pincode')),
      startLocation: (value) => (value ? null : t('validation.startLocation')),
      endLocation: (value) => (value ? null : t('validation.endLocation')),
      tasks: (tasks) => (hasTask(tasks) ? null : t('validation.tasks')),
    },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const [serverProblem, setServerProblem] = useState<ServerProblem | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  // Lists, photos and route ends change through setFieldValue and list actions, which render the form again.
  const values = form.getValues();
  const urls = useObjectUrls(values.photos);
  const previewPhotos = useMemo(
    () =>
      quest
        ? quest.files.map((file) => ({ key: file.file_url, url: file.file_url }))
        : values.photos.flatMap((photo) => {
            const url = urls.get(photo);
            return url ? [{ key: fileKey(photo), url }] : [];
          }),
    [quest, values.photos, urls],
  );

  // One stable handler for the memoised route part, always acting on the latest form.
  const latestForm = useRef(form);
  useLayoutEffect(() => {
    latestForm.current = form;
  });
  const onRouteEdit = useCallback((edit: RouteEdit) => {
    const current = latestForm.current;
    if (edit.type === 'set') {
      current.setFieldValue(edit.field, edit.place);
      if (edit.place) current.clearFieldError(edit.field);
    } else if (edit.type === 'addWaypoint') {
      current.insertListItem('waypoints', edit.waypoint);
    } else if (edit.type === 'removeWaypoint') {
      current.removeListItem('waypoints', edit.index);
    } else {
      const values = current.getValues();
      for (const field of ['address', 'city', 'pincode'] as const) {
        const value = edit[field];
        if (value && !values[field].trim()) current.setFieldValue(field, value);
      }
    }
  }, []);

  const goToMyQuests = useCallback(() => void navigate({ to: '/my-quest' }), [navigate]);
  useRedirectAfter(done, REDIRECT_DELAY_MS, goToMyQuests);

  const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

  const onInvalid = (errors: typeof form.errors) =>
    setProblems(PROBLEM_ORDER.flatMap((field) => (errors[field] ? [String(errors[field])] : [])));

  const onValid = async (values: QuestFormValues) => {
    setServerProblem(null);
    setSending(true);
    try {
      if (quest) {
        await updateQuest(
          quest._id,
          updateQuestBody(values, { includeXp: form.isDirty('xp') }),
          t('edit.failed'),
        );
      } else {
        await createQuest(createQuestFormData(values), t('create.failed'));
        form.reset();
        setFormVersion((version) => version + 1);
      }
      setDone(true);
      toTop();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0) {
        setProblems([t('networkError')]);
      } else {
        const message = getErrorMessage(failure, t(editing ? 'edit.failed' : 'create.failed'));
        const details =
          failure instanceof ApiError
            ? failure.fieldErrors.map((problem) => problem.message).filter((text) => text !== message)
            : [];
        setServerProblem({ message, details });
        toTop();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg">
      {done && (
        <Alert color="green" variant="filled" role="status" aria-live="polite">
          {t(editing ? 'edit.success' : 'create.success')}
        </Alert>
      )}
      {serverProblem && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setServerProblem(null)}
        >
          {serverProblem.message}
          {serverProblem.details.length > 0 && (
            <List size="sm" mt={4}>
              {serverProblem.details.map((detail) => (
                <List.Item key={detail}>{detail}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(onValid, onInvalid)} noValidate>
        <Stack gap="lg">
          <Section title={t('sections.basics')}>
            <CountedTextInput
              key={form.key('title')}
              form={form}
              field="title"
              max={LIMITS.title}
              label={t('fields.title')}
              placeholder={t('fields.titlePlaceholder')}
              required
            />
            <CountedTextInput
              key={form.key('subtitle')}
              form={form}
              field="subtitle"
              max={LIMITS.subtitle}
              label={t('fields.subtitle')}
              placeholder={t('fields.subtitlePlaceholder')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label={t('fields.category')}
                required
                data={[
                  { value: '', label: t('fields.categoryPlaceholder') },
                  ...CATEGORY_OPTIONS.map((value) => ({ value, label: t(`categories.${value}`) })),
                ]}
                key={form.key('category')}
                {...form.getInputProps('category')}
              />
              <NativeSelect
                label={t('fields.difficulty')}
                required
                data={[
                  { value: '', label: t('fields.difficultyPlaceholder') },
                  ...DIFFICULTY_OPTIONS.map((value) => ({ value, label: t(`difficulties.${value}`) })),
                ]}
                key={form.key('difficulty')}
                {...form.getInputProps('difficulty')}
              />
            </SimpleGrid>
            <Textarea
              label={t('fields.description')}
              placeholder={t('fields.descriptionPlaceholder')}
              required
              rows={5}
              resize="vertical"
              maxLength={5000}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
          </Section>

          <Section title={t('sections.location')}>
            <TextInput
              label={t('fields.address')}
              placeholder={t('fields.addressPlaceholder')}
              required
              maxLength={300}
              autoComplete="street-address"
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('fields.city')}
                required
                maxLength={100}
                autoComplete="address-level2"
                key={form.key('city')}
                {...form.getInputProps('city')}
              />
              <PincodeInput form={form} />
            </SimpleGrid>
          </Section>

          <Section title={t('sections.route')}>
            <QuestRouteEditor
              key={formVersion}
              startLocation={values.startLocation}
              endLocation={values.endLocation}
              waypoints={values.waypoints}
              startError={form.errors.startLocation}
              endError={form.errors.endLocation}
              onEdit={onRouteEdit}
            />
          </Section>

          <Section title={t('sections.tasks')}>
            <TextListField form={form} field="tasks" />
          </Section>

          <Section title={t('sections.tips')}>
            <TextListField form={form} field="tips" />
          </Section>

          <Section title={t('sections.photos')}>
            {quest ? (
              <ExistingPhotos urls={previewPhotos.map((photo) => photo.url)} />
            ) : (
              <PhotoPicker
                key={formVersion}
                photos={values.photos}
                urls={urls}
                onChange={(photos) => form.setFieldValue('photos', photos)}
                error={form.errors.photos}
              />
            )}
          </Section>

          <Section title={t('sections.proof')}>
            <Textarea
              label={t('fields.proofInstructions')}
              placeholder={t('fields.proofPlaceholder')}
              rows={3}
              resize="vertical"
              maxLength={1000}
              key={form.key('proofInstructions')}
              {...form.getInputProps('proofInstructions')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label={t('fields.xp')}
                description={t('fields.xpHint')}
                min={0}
                max={LIMITS.xpMax}
                allowNegative={false}
                allowDecimal={false}
                clampBehavior="strict"
                key={form.key('xp')}
                {...form.getInputProps('xp')}
              />
              <TextInput
                label={t('fields.tags')}
                description={t('fields.tagsHint')}
                maxLength={500}
                key={form.key('tags')}
                {...form.getInputProps('tags')}
              />
            </SimpleGrid>
          </Section>

          <Group justify="flex-end" gap="sm">
            {editing && (
              <Button component={Link} to="/my-quest" variant="subtle">
                {t('edit.cancel')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconEye size={18} aria-hidden="true" />}
              onClick={() => setPreviewing(true)}
            >
              {t('preview.button')}
            </Button>
            <Button
              type="submit"
              loading={sending}
              disabled={done}
              leftSection={<IconSend size={18} aria-hidden="true" />}
            >
              {t(editing ? 'edit.submit' : 'create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <QuestPreviewModal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        values={values}
        photos={previewPhotos}
      />
      <ValidationErrorsModal problems={problems} onClose={() => setProblems([])} />
    </Stack>
  );
}
