export { leaderboardHandlers } from './leaderboard-handlers.ts';
export {
  addCompletion as addCompletionToBoards,
  setListed as setListedOnBoards,
} from './leaderboard-repository.ts';
