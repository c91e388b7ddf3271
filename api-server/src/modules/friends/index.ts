export { friendsHandlers } from './friends-handlers.ts';
export {
  type Friendship,
  friendIdsOf,
  friendshipBetween,
  friendshipsWith,
  isBlockedEitherWay,
  isFriendOf,
  noBlockBetween,
} from './friends-repository.ts';
