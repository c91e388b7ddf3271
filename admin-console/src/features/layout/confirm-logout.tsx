import { createConfirmLogout } from '@cityquest/web-client';
import { useLogout } from '../../lib/auth-api.ts';

/** The console's one logout flow (top bar and mobile menu), shared with the explorer app. */
export const useConfirmLogout = createConfirmLogout(useLogout);
