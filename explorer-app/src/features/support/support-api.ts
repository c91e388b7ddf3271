import { type Schema, toFormData, unwrap, unwrapEnvelope } from '@cityquest/openapi';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ContactMessage = Schema<'ContactRequest'>;
export type Feedback = Schema<'FeedbackRequest'>;
export type BugReport = Omit<Schema<'BugReportRequest'>, 'attachments'> & { attachments: File[] };

// No fallback message here: each form shows its own, translated, when the server gives none.

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => unwrap(api().POST('/users/contact-us', { body: message }), ''),
  });
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (feedback: Feedback) => unwrap(api().POST('/users/feedback', { body: feedback }), ''),
  });
}

/** Answers the server's message (the screen shows it, else its own) with the stored report. */
export function useReportBug() {
  return useMutation({
    mutationFn: (report: BugReport) =>
      unwrapEnvelope(
        api().POST('/users/report-bug', {
          // Optional fields left empty are left out.
          body: {
            ...report,
            expectedBehavior: report.expectedBehavior || undefined,
            actualBehavior: report.actualBehavior || undefined,
          },
          bodySerializer: toFormData,
        }),
        '',
      ),
  });
}
