import { describe, expect, it } from 'vitest';
import { CATEGORIES, replyToOption, replyToText, UNKNOWN_OPTION_REPLY, WELCOME } from './chatbot-rules.ts';

describe('chatbot rules', () => {
  it('welcomes with the four topics', () => {
    expect(WELCOME.options.map((option) => option.id)).toEqual([
      'categories',
      'badges',
      'support',
      'starter',
    ]);
  });

  it('lists the six categories and answers each', () => {
    const reply = replyToOption('categories');
    expect(reply.options.map((option) => option.id)).toEqual([
      ...CATEGORIES.map((category) => `category-${category}`),
      'main-menu',
    ]);
    for (const category of CATEGORIES) {
      expect(replyToOption(`category-${category}`).textKey).toBe(`chatbot.category.${category}`);
    }
  });

  it('answers an unknown option with the recovery options', () => {
    expect(replyToOption('teleport')).toEqual(UNKNOWN_OPTION_REPLY);
    expect(UNKNOWN_OPTION_REPLY.options.map((option) => option.id)).toEqual(['main-menu', 'more-help']);
  });

  it.each([
    ['Tell me about hidden gems', 'chatbot.category.HiddenGems'],
    ['what are the badge tiers?', 'chatbot.badges'],
    ['How do I contact support', 'chatbot.support'],
    ['I am new, where do I start', 'chatbot.starter'],
    ['food please', 'chatbot.category.Food'],
    ['purple monkey dishwasher', 'chatbot.notUnderstood'],
  ])('reads "%s" as %s', (text, textKey) => {
    expect(replyToText(text).textKey).toBe(textKey);
  });
});
