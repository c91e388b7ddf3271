/**
 * The quest form model both apps share (`@cityquest/web-client/quest-form`): the explorer's create and edit forms
 * and the console's edit form keep, check and send the quest's own text fields (the contract's
 * QuestEditableFields) the same way, and place the server's field errors through one table per form typed over
 * its request bodies (docs/dev/add-a-field.md).
 */
export {
  type ErrorPlaces,
  errorPlaceOf,
  type PlacedFieldErrors,
  placeFieldErrors,
  QUEST_TEXT_ERROR_PLACES,
} from './error-places.ts';
export { pincodeDigits } from './pincode.ts';
export {
  isQuestTextAccepted,
  QUEST_TEXT_FIELDS,
  type QuestTextField,
  type QuestTextValues,
  questTextBox,
  REQUIRED_QUEST_TEXT_FIELDS,
  type RequiredQuestTextField,
} from './quest-text-fields.ts';
export {
  emptyQuestText,
  questTextBody,
  questTextOf,
  questTextParts,
  refusedQuestText,
} from './quest-text-values.ts';
