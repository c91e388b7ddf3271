import { textParam } from '@cityquest/shared-ui';
import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../features/unsubscribe/unsubscribe-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

/** openapi.yaml, parameter UnsubscribeToken: a longer token is not one the server signed. */
const TOKEN_MAX_LENGTH = 2048;

/** Public: the link at the foot of every notification mail (docs/product-rules/social.md#notification-mail). */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = textParam(search.token, TOKEN_MAX_LENGTH);
    return token ? { token } : {};
  },
  loader: () => loadNamespaces('notifications'),
  component: UnsubscribePage,
});
