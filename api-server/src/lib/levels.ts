// The rules live in the contract package so the SPAs explain exactly what the server applies.
export { type LevelInfo, levelFor, RANKS, XP_PER_LEVEL } from '@cityquest/contract/rules';
