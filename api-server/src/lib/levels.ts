// The rules live in the contract package so the SPAs explain exactly what the server applies.
export { levelFor } from '@cityquest/contract/rules';
