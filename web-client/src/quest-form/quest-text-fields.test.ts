import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PINCODE_DIGITS, QUEST_LIMITS } from '@cityquest/contract';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  isQuestTextAccepted,
  QUEST_TEXT_FIELDS,
  questTextBox,
  REQUIRED_QUEST_TEXT_FIELDS,
} from './quest-text-fields.ts';

describe('the quest text fields', () => {
  it('are every text field of the contract, and only those', () => {
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

  it('require the fields the contract does not let be blank', () => {
    expect(REQUIRED_QUEST_TEXT_FIELDS).toEqual(['title', 'description', 'address', 'city', 'pincode']);
  });

  it('give each box its bound and whether it is required', () => {
    expect(questTextBox('title')).toEqual({ required: true, maxLength: QUEST_LIMITS.title });
    expect(questTextBox('accessibilityNotes')).toEqual({
      required: false,
      maxLength: QUEST_LIMITS.accessibilityNotes,
    });
    expect(questTextBox('pincode')).toEqual({ required: true, maxLength: PINCODE_DIGITS });
  });

  it('accept a required box with text once trimmed, a pincode by the contract pattern', () => {
    expect(isQuestTextAccepted('title', ' Murals ')).toBe(true);
    expect(isQuestTextAccepted('title', '   ')).toBe(false);
    expect(isQuestTextAccepted('pincode', ' 110003 ')).toBe(true);
    expect(isQuestTextAccepted('pincode', '')).toBe(false);
    expect(isQuestTextAccepted('pincode', '11000A')).toBe(false);
    expect(isQuestTextAccepted('pincode', '11 003')).toBe(false);
    expect(isQuestTextAccepted('pincode', '12345678901')).toBe(false);
  });
});
