export {
  addCompletion as addCompletionToBoards,
  setListed as setListedOnBoards,
} from './leaderboard-repository.ts';
export { leaderboardHandlers } from './leaderboard-routes.ts';
