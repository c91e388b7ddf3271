import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { QUEST_LIMITS, type Schema } from '@cityquest/contract';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  emptyQuestText,
  errorPlaceOf,
  isPincode,
  isRequiredQuestText,
  pincodeDigits,
  QUEST_TEXT_FIELDS,
  questTextBody,
  questTextMaxLength,
  questTextOf,
  questTextParts,
} from './quest-form-model.ts';

const filled = {
  ...emptyQuestText(),
  title: '  Murals of Lodhi Colony ',
  description: 'Walk the lanes.',
  address: 'Lodhi Colony Market',
  city: 'New Delhi',
  pincode: ' 110003 ',
};

describe('the quest form model', () => {
  it('knows every text field of the contract, and only those', () => {
    const contract = parse(
      readFileSync(createRequire(import.meta.url).resolve('@cityquest/contract/openapi.yaml'), 'utf8'),
    ) as { components: { schemas: Record<string, { properties: Record<string, { type?: string }> }> } };
    const schema = contract.components.schemas.QuestEditableFields ?? { properties: {} };
    const textFields = Object.entries(schema.properties)
      .filter(([, property]) => property.type === 'string')
      .map(([name]) => name);
    expect(QUEST_TEXT_FIELDS).toEqual(textFields);
    expect(QUEST_TEXT_FIELDS).not.toContain('category');
  });

  it('requires the fields the contract does not let be blank', () => {
    expect(QUEST_TEXT_FIELDS.filter(isRequiredQuestText)).toEqual([
      'title',
      'description',
      'address',
      'city',
      'pincode',
    ]);
    expect(questTextMaxLength('title')).toBe(QUEST_LIMITS.title);
    expect(questTextMaxLength('pincode')).toBeUndefined();
  });

  it('reads a quest answer, a missing or empty field as an empty box', () => {
    const quest: Partial<Schema<'Quest'>> = { title: 'Murals', subtitle: '', proofInstructions: 'A photo' };
    const values = questTextOf(quest);
    expect(values.title).toBe('Murals');
    expect(values.proofInstructions).toBe('A photo');
    expect(values.city).toBe('');
    expect(Object.keys(values)).toEqual(QUEST_TEXT_FIELDS);
  });

  it('sends every field trimmed in a JSON edit, so a cleared box clears the field', () => {
    const body = questTextBody({ ...filled, subtitle: '   ' });
    expect(body.title).toBe('Murals of Lodhi Colony');
    expect(body.pincode).toBe('110003');
    expect(body.subtitle).toBe('');
    expect(Object.keys(body)).toEqual(QUEST_TEXT_FIELDS);
  });

  it('leaves a blank optional field out of a new quest, never a required one', () => {
    const parts = questTextParts({ ...filled, title: ' ', proofInstructions: ' Photograph it ' });
    expect(parts).not.toHaveProperty('subtitle');
    expect(parts.title).toBe('');
    expect(parts.proofInstructions).toBe('Photograph it');
  });

  it('takes pincodes by the contract pattern', () => {
    expect(isPincode(' 110003 ')).toBe(true);
    expect(isPincode('11000A')).toBe(false);
    expect(isPincode('12345678901')).toBe(false);
    expect(pincodeDigits('110 003-4567890')).toBe('1100034567');
  });

  it("places a server error by its field's first part, or nowhere", () => {
    const places = { title: 'title', tags: 'tagsText', waypoints: null } as const;
    expect(errorPlaceOf(places, 'title')).toBe('title');
    expect(errorPlaceOf(places, 'tags.2')).toBe('tagsText');
    expect(errorPlaceOf(places, 'waypoints.0.lat')).toBeNull();
    expect(errorPlaceOf(places, 'toString')).toBeNull();
    expect(errorPlaceOf(places, 'body')).toBeNull();
  });
});
