import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../lib/spec.ts';
import { loadDemoCity, parseDemoCity } from './demo-city-data.ts';

type LooseDocument = {
  quests: Record<string, unknown>[];
  plays: Record<string, Record<string, unknown>[]>;
};

/** The shipped document with one change, as someone editing demo-city.json might make it. */
function edited(change: (document: LooseDocument) => void): unknown {
  const document = structuredClone(loadDemoCity()) as unknown as LooseDocument;
  change(document);
  return document;
}

describe('the demo city document', () => {
  it('loads as shipped', () => {
    const city = loadDemoCity();
    expect(city.quests.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(city.plays)).toContain('explorer');
  });

  it('is refused when a quest has no title, naming the quest', () => {
    const document = edited(({ quests }) => {
      delete quests[3]?.title;
    });
    expect(() => parseDemoCity(document)).toThrow(
      "demo-city.json is not a valid demo city:\n  /quests/3: must have required property 'title'",
    );
  });

  it("is refused when a category is not one of the contract's, listing the allowed ones", () => {
    const document = edited(({ quests }) => {
      if (quests[0]) quests[0].category = 'Sports';
    });
    expect(() => parseDemoCity(document)).toThrow(
      '/quests/0/category: must be equal to one of the allowed values (Art, Food, History, Culture, Adventure, HiddenGems)',
    );
  });

  it('reports every broken field at once', () => {
    const document = edited(({ quests }) => {
      if (quests[1]) quests[1].status = 'rejected';
      if (quests[2]) quests[2].difficulty = 'Extreme';
    });
    expect(() => parseDemoCity(document)).toThrow(
      /\/quests\/1: must have required property 'rejectionReason'\n {2}\/quests\/2\/difficulty: must be equal to one of the allowed values \(Easy, Medium, Hard\)/,
    );
  });

  it('is refused when a play names a quest the document does not have', () => {
    const document = edited(({ plays }) => {
      plays.priya?.push({ quest: 'nowhere', daysAgo: 1 });
    });
    expect(() => parseDemoCity(document)).toThrow("/plays/priya/9/quest: no quest has the key 'nowhere'");
  });

  it("keeps the schema's copies of the contract's enums, which editors validate with, equal to openapi.yaml", () => {
    const schema = JSON.parse(readFileSync(new URL('./demo-city.schema.json', import.meta.url), 'utf8'));
    const contract = loadSpec().components.schemas ?? {};
    for (const name of ['Category', 'Difficulty', 'QuestStatus'])
      expect(schema.$defs[name].enum, name).toEqual((contract[name] as { enum: unknown }).enum);
  });
});
