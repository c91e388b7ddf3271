export {
  type Friendship,
  friendshipBetween,
  friendshipsWith,
  isBlockedEitherWay,
  noBlockBetween,
} from './friends-repository.ts';
export { friendsHandlers } from './friends-routes.ts';
