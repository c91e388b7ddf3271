import { type Schema, unwrap, unwrapEnvelope } from '@cityquest/openapi';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ContactMessage = Schema<'ContactRequest'>;
export type BugReport = Omit<Schema<'BugReportRequest'>, 'attachments'> & { attachments: File[] };

// No fallback message here: each form shows its own, translated, when the server gives none.

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => unwrap(api().POST('/users/contact-us', { body: message }), ''),
  });
}

/** Answers the server's message (the screen shows it, else its own) with the stored report. */
export function useReportBug() {
  return useMutation({
    mutationFn: (report: BugReport) => {
      const form = new FormData();
      // Optional fields left empty are left out.
      for (const [key, value] of Object.entries(report))
        if (typeof value === 'string' && value) form.append(key, value);
      for (const file of report.attachments) form.append('attachments', file);
      return unwrapEnvelope(
        api().POST('/users/report-bug', {
          body: form as never,
          bodySerializer: (body) => body as unknown as FormData,
        }),
        '',
      );
    },
  });
}
