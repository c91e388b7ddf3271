import { type ApiError, getErrorMessage } from '@cityquest/web-client';
import { errorPlaceOf, placeFieldErrors } from '@cityquest/web-client/quest-form';
import { useObjectUrls } from '@cityquest/web-client/ui/use-object-url';
import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quest } from '../../lib/quests/quest-api.ts';
import { REDIRECT_DELAY_MS, useRedirectAfter } from '../../lib/use-redirect-after.ts';
import { useCreateQuest, useUpdateQuest } from './create-quest-api.ts';
import { ExistingPhotos } from './existing-photos.tsx';
import { type ItineraryEdit, ItineraryEditor } from './itinerary-editor.tsx';
import { QuestBasicsSection } from './quest-basics-section.tsx';
import { ERROR_PLACES, useQuestFormRules } from './quest-form-rules.ts';
import { QuestFormSection } from './quest-form-section.tsx';
import {
  createQuestBody,
  emptyQuestValues,
  PROBLEM_ORDER,
  type QuestFormValues,
  questToValues,
  updateQuestBody,
} from './quest-form-values.ts';
import { QuestLocationSection } from './quest-location-section.tsx';
import { QuestPhotosPicker } from './quest-photos-picker.tsx';
import { QuestPreviewModal } from './quest-preview-modal.tsx';
import { QuestProofSection } from './quest-proof-section.tsx';
import { TextListField } from './text-list-field.tsx';
import { ValidationErrorsModal } from './validation-errors-modal.tsx';

type ServerProblem = { message: string; details: string[] };

/**
 * The quest form of /create-quest (POST /quests/create-quest, multipart) and of /edit-quest/{id} (PUT
 * /quests/{id}, JSON): docs/product-rules/explorer-screens.md#create-quest-form.
 */
export function QuestForm({ quest }: { quest?: Quest }) {
  const { t } = useTranslation('create');
  const navigate = useNavigate();
  const editing = quest !== undefined;
  const [formVersion, setFormVersion] = useState(0);
  const [initialValues] = useState(() => (quest ? questToValues(quest) : emptyQuestValues()));
  // Uncontrolled: typing in one box does not render the whole form (and its map) again.
  const form = useForm<QuestFormValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: useQuestFormRules(editing),
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
            // Each chosen file has its own object URL, so the URL is a stable key.
            return url ? [{ key: url, url }] : [];
          }),
    [quest, values.photos, urls],
  );

  // One stable handler for the memoised itinerary editor, always acting on the latest form.
  const latestForm = useRef(form);
  useLayoutEffect(() => {
    latestForm.current = form;
  });
  const onItineraryEdit = useCallback((edit: ItineraryEdit) => {
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
    const { onFields, unplaced: elsewhere } = placeFieldErrors(failure.fieldErrors, (field) =>
      errorPlaceOf<QuestFormValues>(ERROR_PLACES, field),
    );
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
          <QuestBasicsSection form={form} />
          <QuestLocationSection form={form} />

          <QuestFormSection title={t('sections.route')}>
            <ItineraryEditor
              key={formVersion}
              startLocation={values.startLocation}
              endLocation={values.endLocation}
              waypoints={values.waypoints}
              startError={form.errors.startLocation}
              endError={form.errors.endLocation}
              onEdit={onItineraryEdit}
            />
          </QuestFormSection>

          <QuestFormSection title={t('sections.tasks')}>
            <TextListField form={form} field="tasks" />
          </QuestFormSection>

          <QuestFormSection title={t('sections.tips')}>
            <TextListField form={form} field="tips" />
          </QuestFormSection>

          <QuestFormSection title={t('sections.photos')}>
            {quest ? (
              <ExistingPhotos urls={previewPhotos.map((photo) => photo.url)} />
            ) : (
              <QuestPhotosPicker
                key={formVersion}
                photos={values.photos}
                onChange={(photos) => form.setFieldValue('photos', photos)}
                error={form.errors.photos}
              />
            )}
          </QuestFormSection>

          <QuestProofSection form={form} />

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
