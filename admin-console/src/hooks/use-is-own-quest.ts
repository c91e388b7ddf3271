import { useUser } from '../lib/auth-api.ts';

/**
 * Whether the signed-in admin created this quest. Nobody approves or rejects their own quest
 * (docs/product-rules/moderation.md#separation-of-duties); the server refuses it, and the console offers no
 * button that can only fail.
 */
export function useIsOwnQuest(creatorId: string | null | undefined): boolean {
  const myId = useUser()?._id;
  return Boolean(myId) && myId === creatorId;
}
