import { createConfirmLogout } from '@cityquest/web-client';
import { useLogout } from '../../lib/auth-api.ts';

/** The one logout flow (header menu and small-screen menu), shared with the console. */
export const useConfirmLogout = createConfirmLogout(useLogout);
