import type { Schema } from '@cityquest/contract';
import { toFormData, unwrap, unwrapEnvelope } from '@cityquest/web-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';

export type ContactMessage = Schema<'ContactRequest'>;
export type Feedback = Schema<'FeedbackRequest'>;
export type BugReport = Omit<Schema<'BugReportRequest'>, 'attachments'> & { attachments: File[] };
export type SupportConversation = Schema<'SupportConversation'>;
export type SupportMessage = Schema<'SupportMessage'>;

/** Chat with Us asks for the team's replies this often while its tab is visible. */
const REPLY_POLL_MS = 15_000;

export const supportQueries = {
  /** The explorer's open conversation, else their latest closed one, else null. */
  conversation: () =>
    queryOptions({
      ...getQuery('/support/conversation'),
      refetchInterval: REPLY_POLL_MS,
      refetchIntervalInBackground: false,
    }),
};

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

/**
 * Writes to the support team (the server starts a new conversation when none is open) and puts the conversation it
 * answers into the cache. A poll under way is cancelled first, so its older answer cannot hide the new message.
 */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  const { queryKey } = supportQueries.conversation();
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(api().POST('/support/conversation/messages', { body: { text } }), ''),
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: (conversation) => queryClient.setQueryData(queryKey, conversation),
  });
}
