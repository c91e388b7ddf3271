export {
  type Friendship,
  friendIdsOf,
  friendshipBetween,
  friendshipsWith,
  isBlockedEitherWay,
  isFriendOf,
  noBlockBetween,
} from './friends-repository.ts';
export { friendsHandlers } from './friends-routes.ts';
