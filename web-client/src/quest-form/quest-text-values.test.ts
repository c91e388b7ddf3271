import type { Schema } from '@cityquest/contract';
import { describe, expect, it } from 'vitest';
import { QUEST_TEXT_FIELDS } from './quest-text-fields.ts';
import {
  emptyQuestText,
  questTextBody,
  questTextOf,
  questTextParts,
  refusedQuestText,
} from './quest-text-values.ts';

const filled = {
  ...emptyQuestText(),
  title: '  Murals of Lodhi Colony ',
  description: 'Walk the lanes.',
  address: 'Lodhi Colony Market',
  city: 'New Delhi',
  pincode: ' 110003 ',
};

describe('the quest text values', () => {
  it('start empty, one box per text field', () => {
    expect(emptyQuestText()).toEqual(Object.fromEntries(QUEST_TEXT_FIELDS.map((field) => [field, ''])));
  });

  it('read a quest answer, a missing or empty field as an empty box', () => {
    const quest: Partial<Schema<'Quest'>> = { title: 'Murals', subtitle: '', proofInstructions: 'A photo' };
    const values = questTextOf(quest);
    expect(values.title).toBe('Murals');
    expect(values.proofInstructions).toBe('A photo');
    expect(values.city).toBe('');
    expect(Object.keys(values)).toEqual(QUEST_TEXT_FIELDS);
  });

  it('name the required boxes the contract would refuse, in the form order', () => {
    expect(refusedQuestText(filled)).toEqual([]);
    expect(refusedQuestText({ ...filled, title: ' ', city: '', pincode: '11 003' })).toEqual([
      'title',
      'city',
      'pincode',
    ]);
    expect(refusedQuestText(emptyQuestText())).toEqual([
      'title',
      'description',
      'address',
      'city',
      'pincode',
    ]);
  });

  it('send every field trimmed in a JSON edit, so a cleared box clears the field', () => {
    const body = questTextBody({ ...filled, subtitle: '   ' });
    expect(body.title).toBe('Murals of Lodhi Colony');
    expect(body.pincode).toBe('110003');
    expect(body.subtitle).toBe('');
    expect(Object.keys(body)).toEqual(QUEST_TEXT_FIELDS);
  });

  it('leave a blank optional field out of a new quest, never a required one', () => {
    const parts = questTextParts({ ...filled, title: ' ', proofInstructions: ' Photograph it ' });
    expect(parts).not.toHaveProperty('subtitle');
    expect(parts.title).toBe('');
    expect(parts.proofInstructions).toBe('Photograph it');
  });
});
