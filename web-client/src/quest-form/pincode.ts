import { PINCODE_DIGITS } from '@cityquest/contract';

/**
 * What a pincode box keeps of what was typed or found (a reverse-geocoded postcode): its digits, at most 10
 * (docs/product-rules/quests.md#field-limits; the contract's pincode pattern).
 */
export const pincodeDigits = (text: string) => text.replace(/\D/g, '').slice(0, PINCODE_DIGITS);
