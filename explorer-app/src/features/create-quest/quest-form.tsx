import { CATEGORIES, DIFFICULTIES, QUEST_LIMITS } from '@cityquest/contract';
import { type ApiError, getErrorMessage } from '@cityquest/web-client';
import { type ErrorPlaces, errorPlaceOf, PINCODE_DIGITS } from '@cityquest/web-client/quest-form';
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
import { useCreateQuest, useUpdateQuest } from './create-quest-api.ts';
import { ExistingPhotos, fileKey, PhotoPicker, useObjectUrls } from './photo-picker.tsx';
import {
  type CreateQuestBody,
  createQuestBody,
  digitsOnly,
  emptyQuestValues,
  hasTask,
  PROBLEM_ORDER,
  type QuestFormValues,
  questToValues,
  splitTags,
  type UpdateQuestBody,
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

/**
 * Where the form shows the server's error on each field of its bodies (POST /quests/create-quest, PUT
 * /quests/{id}): under the box holding it, or in the banner above when the form has none (the waypoints, and
 * the state and time that only the console edits). A field the contract adds fails the typecheck here until the
 * form gives it a place (docs/dev/add-a-field.md).
 */
const ERROR_PLACES = {
  title: 'title',
  subtitle: 'subtitle',
  category: 'category',
  difficulty: 'difficulty',
  description: 'description',
  address: 'address',
  city: 'city',
  pincode: 'pincode',
  proofInstructions: 'proofInstructions',
  accessibilityNotes: 'accessibilityNotes',
  startLocation: 'startLocation',
  endLocation: 'endLocation',
  xp: 'xp',
  tags: 'tags',
  tasks: 'tasks',
  tips: 'tips',
  waypoints: null,
  photos: 'photos',
  state: null,
  estimatedTime: null,
} as const satisfies ErrorPlaces<CreateQuestBody & UpdateQuestBody, QuestFormValues>;

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

/**
 * Digits only, up to 10 (docs/product-rules/quests.md#field-limits): a controlled box, so the filtered value
 * shows at once.
 */
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
      maxLength={PINCODE_DIGITS}
      value={value}
      error={form.errors.pincode}
      onChange={(event) =>
        form.setFieldValue('pincode', digitsOnly(event.currentTarget.value), { forceUpdate: false })
      }
    />
  );
}

/**
 * The quest form of /create-quest (POST /quests/create-quest, multipart) and of /edit-quest/{id} (PUT
 * /quests/{id}, JSON): docs/product-rules/explorer-screens.md#create-quest-form.
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
      tags: (text) => {
        const tags = splitTags(text);
        return tags.length > QUEST_LIMITS.tags || tags.some((tag) => tag.length > QUEST_LIMITS.tag)
          ? t('validation.tags', { max: QUEST_LIMITS.tags, length: QUEST_LIMITS.tag })
          : null;
      },
    },
  });
  const create = useCreateQuest();
  const update = useUpdateQuest();
  const saving = editing ? update : create;
  const done = saving.isSuccess;
  const [problems, setProblems] = useState<string[]>([]);
  const [serverProblem, setServerProblem] = useState<ServerProblem | null>(null);
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
  const formElement = useRef<HTMLFormElement>(null);

  // Every problem at once, the required fields first in the form's order
  // (docs/product-rules/messages.md#create-quest-messages).
  const onInvalid = (errors: typeof form.errors) => {
    const others = Object.keys(errors).filter(
      (field) => !(PROBLEM_ORDER as readonly string[]).includes(field),
    );
    setProblems(
      [...PROBLEM_ORDER, ...others].flatMap((field) => (errors[field] ? [String(errors[field])] : [])),
    );
  };

  /**
   * A refused save: a network failure in the Validation Errors modal
   * (docs/product-rules/messages.md#create-quest-messages); the server's field errors on their fields, where
   * the form shows one; the rest in the red banner at the top.
   */
  const onFailure = (failure: ApiError) => {
    if (failure.status === 0) {
      setProblems([t('networkError')]);
      return;
    }
    const onFields: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const problem of failure.fieldErrors) {
      const place = errorPlaceOf<QuestFormValues>(ERROR_PLACES, problem.field);
      if (place) onFields[place] ??= problem.message;
      else elsewhere.push(problem.message);
    }
    form.setErrors(onFields);
    // Focus brings the first box the server refused into view, once it shows its error.
    window.setTimeout(() =>
      formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
    if (failure.fieldErrors.length === 0 || elsewhere.length > 0) {
      const [message = getErrorMessage(failure, t(editing ? 'edit.failed' : 'create.failed')), ...details] =
        elsewhere;
      setServerProblem({ message, details });
      toTop();
    }
  };

  const onValid = (values: QuestFormValues) => {
    setServerProblem(null);
    if (quest) {
      update.mutate(
        { id: quest._id, body: updateQuestBody(values, { includeXp: form.isDirty('xp') }) },
        { onSuccess: toTop, onError: onFailure },
      );
    } else {
      create.mutate(createQuestBody(values), {
        onSuccess: () => {
          form.reset();
          setFormVersion((version) => version + 1);
          toTop();
        },
        onError: onFailure,
      });
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
      <form ref={formElement} onSubmit={form.onSubmit(onValid, onInvalid)} noValidate>
        <Stack gap="lg">
          <Section title={t('sections.basics')}>
            <CountedTextInput
              key={form.key('title')}
              form={form}
              field="title"
              max={QUEST_LIMITS.title}
              label={t('fields.title')}
              placeholder={t('fields.titlePlaceholder')}
              required
            />
            <CountedTextInput
              key={form.key('subtitle')}
              form={form}
              field="subtitle"
              max={QUEST_LIMITS.subtitle}
              label={t('fields.subtitle')}
              placeholder={t('fields.subtitlePlaceholder')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label={t('fields.category')}
                required
                data={[
                  { value: '', label: t('fields.categoryPlaceholder') },
                  ...CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
                ]}
                key={form.key('category')}
                {...form.getInputProps('category')}
              />
              <NativeSelect
                label={t('fields.difficulty')}
                required
                data={[
                  { value: '', label: t('fields.difficultyPlaceholder') },
                  ...DIFFICULTIES.map((value) => ({ value, label: t(`difficulties.${value}`) })),
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
              maxLength={QUEST_LIMITS.description}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
          </Section>

          <Section title={t('sections.location')}>
            <TextInput
              label={t('fields.address')}
              placeholder={t('fields.addressPlaceholder')}
              required
              maxLength={QUEST_LIMITS.address}
              autoComplete="street-address"
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('fields.city')}
                required
                maxLength={QUEST_LIMITS.city}
                autoComplete="address-level2"
                key={form.key('city')}
                {...form.getInputProps('city')}
              />
              <PincodeInput form={form} />
            </SimpleGrid>
            <Textarea
              label={t('fields.accessibilityNotes')}
              placeholder={t('fields.accessibilityPlaceholder')}
              rows={3}
              resize="vertical"
              maxLength={QUEST_LIMITS.accessibilityNotes}
              key={form.key('accessibilityNotes')}
              {...form.getInputProps('accessibilityNotes')}
            />
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
              maxLength={QUEST_LIMITS.proofInstructions}
              key={form.key('proofInstructions')}
              {...form.getInputProps('proofInstructions')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label={t('fields.xp')}
                description={t('fields.xpHint')}
                min={0}
                max={QUEST_LIMITS.xpSuggestion}
                allowNegative={false}
                allowDecimal={false}
                clampBehavior="strict"
                key={form.key('xp')}
                {...form.getInputProps('xp')}
              />
              <TextInput
                label={t('fields.tags')}
                description={t('fields.tagsHint')}
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
              loading={saving.isPending}
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
