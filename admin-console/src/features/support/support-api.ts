import type { Schema } from '@cityquest/contract';
import { ApiError, apiKey, unwrap } from '@cityquest/web-client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getQuery } from '../../lib/api.ts';

export type ConversationSummary = Schema<'SupportConversationSummary'>;
export type Conversation = Schema<'SupportConversation'>;
export type SupportMessage = Schema<'SupportMessage'>;
export type ConversationStatusFilter = Schema<'ConversationStatusFilter'>;

// The inbox's rules (docs/product-rules/admin-screens.md#support-inbox): 20 conversations a page, open ones by
// default, the open list refreshed every 30 s like the dashboard's pending approvals.
export const CONVERSATIONS_PAGE_SIZE = 20;
export const CONVERSATIONS_REFRESH_MS = 30_000;
export const DEFAULT_CONVERSATION_STATUS: ConversationStatusFilter = 'open';
/** The filter's choices, the default first. */
export const CONVERSATION_STATUS_FILTERS = [
  'open',
  'closed',
  'all',
] as const satisfies readonly ConversationStatusFilter[];

const listKey = apiKey('/admin/support/conversations');
const conversationKey = (id: string) => apiKey('/admin/support/conversations/{id}', { path: { id } });

export const supportQueries = {
  /** One page of the inbox; the default status (open) is left out of the call, as the address leaves it out. */
  list: ({ page, status }: { page: number; status: ConversationStatusFilter }) => {
    const query = {
      page,
      limit: CONVERSATIONS_PAGE_SIZE,
      ...(status === DEFAULT_CONVERSATION_STATUS ? {} : { status }),
    };
    return queryOptions({
      ...getQuery('/admin/support/conversations', { query }),
      placeholderData: keepPreviousData,
      // New messages arrive in the open list: it refreshes itself (not while the tab is hidden).
      refetchInterval: status === 'open' ? CONVERSATIONS_REFRESH_MS : false,
    });
  },
  /** One conversation with every message, refreshed like the open list while it is on screen. */
  conversation: (id: string) =>
    queryOptions({
      ...getQuery('/admin/support/conversations/{id}', { path: { id } }),
      refetchInterval: (query) => (query.state.data?.status === 'open' ? CONVERSATIONS_REFRESH_MS : false),
    }),
};

/**
 * After a reply or a close the answer is the conversation as it now is; the lists reload (order, last message,
 * status). A 409 or 404 means someone else changed it meanwhile, so both reload then too.
 */
function useConversationMutation<Variables>(
  call: (variables: Variables) => Promise<Conversation>,
  idOf: (variables: Variables) => string,
) {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: listKey });
  return useMutation({
    mutationFn: call,
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationKey(conversation._id), conversation);
      return refreshList();
    },
    onError: (error, variables) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404))
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: conversationKey(idOf(variables)) }),
          refreshList(),
        ]);
    },
  });
}

/** The team's reply, sent trimmed; a closed conversation answers 409 'This conversation is closed'. */
export function useReplyToConversation() {
  return useConversationMutation(
    ({ id, text }: { id: string; text: string }) =>
      unwrap(
        api().POST('/admin/support/conversations/{id}/messages', {
          params: { path: { id } },
          body: { text: text.trim() },
        }),
        'Failed to send reply',
      ),
    ({ id }) => id,
  );
}

/** Closing notifies the explorer; their next message starts a new conversation. */
export function useCloseConversation() {
  return useConversationMutation(
    (id: string) =>
      unwrap(
        api().PATCH('/admin/support/conversations/{id}/close', { params: { path: { id } } }),
        'Failed to close conversation',
      ),
    (id) => id,
  );
}
