import { getErrorMessage } from '@cityquest/openapi';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../lib/error-banner.tsx';
import {
  insightsApi,
  RESOLUTION_REASON_MAX,
  RESOLUTIONS,
  type Report,
  type ReportResolution,
} from './insights-api.ts';

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
  const [action, setAction] = useState<ReportResolution>('resolved');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onResolved(await insightsApi.resolveReport(report._id, action, reason));
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to resolve report'));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {report.subject || t('insights.reports.noSubject')}
        </Text>
        {error && (
          <ErrorBanner
            title={t('insights.error')}
            message={error}
            dismissLabel={t('insights.dismiss')}
            onDismiss={() => setError(null)}
          />
        )}
        <Radio.Group
          label={t('insights.reports.action')}
          value={action}
          onChange={(value) => setAction(value === 'dismissed' ? 'dismissed' : 'resolved')}
        >
          <Stack gap="xs" mt={6}>
            {RESOLUTIONS.map((value) => (
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
            count: reason.length,
            max: RESOLUTION_REASON_MAX,
          })}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={RESOLUTION_REASON_MAX}
          autosize
          minRows={3}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('insights.reports.processing') : t('insights.reports.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
