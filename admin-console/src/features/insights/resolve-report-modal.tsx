import { MODERATION_LIMITS, REPORT_RESOLUTIONS, type ReportResolution } from '@cityquest/contract';
import { ErrorBanner } from '@cityquest/web-client/ui/error-banner';
import { placeOnForm } from '@cityquest/web-client/ui/form-errors';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type Report, useResolveReport } from './insights-api.ts';

type Props = {
  report: Report | null;
  onClose: () => void;
  onResolved: (report: Report) => void;
};

/** Resolve a report: acted upon (resolved) or no action needed (dismissed), with an optional reason. */
export function ResolveReportModal({ report, onClose, onResolved }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title={t('insights.reports.resolveTitle')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {report && <ResolveForm key={report._id} report={report} onCancel={onClose} onResolved={onResolved} />}
    </Modal>
  );
}

type Values = { action: ReportResolution; reason: string };

function ResolveForm({
  report,
  onCancel,
  onResolved,
}: {
  report: Report;
  onCancel: () => void;
  onResolved: (report: Report) => void;
}) {
  const { t } = useTranslation();
  const resolve = useResolveReport();
  const form = useForm<Values>({ initialValues: { action: 'resolved', reason: '' } });
  // A 400's field errors sit on their fields; the banner is for a failure no field shows.
  const shows = (field: string) => field in form.values;
  const bannerError = placeOnForm(resolve.error, shows).banner;

  function onSubmit(values: Values) {
    resolve.mutate(
      { id: report._id, ...values },
      {
        onSuccess: onResolved,
        onError: (error) => form.setErrors(placeOnForm(error, shows).fields),
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {report.subject || t('insights.reports.noSubject')}
        </Text>
        {bannerError && (
          <ErrorBanner
            title={t('insights.error')}
            message={bannerError}
            dismissLabel={t('insights.dismiss')}
            onDismiss={resolve.reset}
          />
        )}
        <Radio.Group label={t('insights.reports.action')} {...form.getInputProps('action')}>
          <Stack gap="xs" mt={6}>
            {REPORT_RESOLUTIONS.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`insights.reports.actions.${value}`)}
                description={t(`insights.reports.actionHints.${value}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('insights.reports.reason')}
          description={t('insights.reports.reasonHint', {
            count: form.values.reason.length,
            max: MODERATION_LIMITS.resolveReason,
          })}
          maxLength={MODERATION_LIMITS.resolveReason}
          autosize
          minRows={3}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={resolve.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={resolve.isPending}>
            {t('insights.reports.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
