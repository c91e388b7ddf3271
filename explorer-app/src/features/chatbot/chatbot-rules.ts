/**
 * The help chatbot's rules (docs/product-rules/explorer-screens.md#help-chatbot): no network, only these answers. Texts are i18n
 * keys so the bot speaks the user's language; tiers and thresholds are the server's badge rules.
 */
import { CATEGORIES } from '@cityquest/contract';
import type { TranslationKey } from '../../lib/i18n-resources.ts';

export type BotOption = { id: string; textKey: TranslationKey<'chatbot'> };
export type BotReply = {
  textKey: TranslationKey<'chatbot'>;
  values?: Record<string, string | number>;
  options: BotOption[];
};

export { CATEGORIES };

const option = (id: string): BotOption => ({
  id,
  textKey: `chatbot.options.${id}` as TranslationKey<'chatbot'>,
});

const MAIN_OPTIONS = ['categories', 'badges', 'support', 'starter'].map(option);
const RECOVERY_OPTIONS = ['main-menu', 'more-help'].map(option);

export const WELCOME: BotReply = { textKey: 'chatbot.welcome', options: MAIN_OPTIONS };

const REPLIES: Record<string, () => BotReply> = {
  'main-menu': () => ({ textKey: 'chatbot.mainMenu', options: MAIN_OPTIONS }),
  categories: () => ({
    textKey: 'chatbot.categories',
    options: [...CATEGORIES.map((category) => option(`category-${category}`)), option('main-menu')],
  }),
  badges: () => ({ textKey: 'chatbot.badges', options: [option('starter'), option('main-menu')] }),
  support: () => ({ textKey: 'chatbot.support', options: [option('more-help'), option('main-menu')] }),
  starter: () => ({ textKey: 'chatbot.starter', options: [option('categories'), option('main-menu')] }),
  'more-help': () => ({ textKey: 'chatbot.moreHelp', options: [option('support'), option('main-menu')] }),
  ...Object.fromEntries(
    CATEGORIES.map((category) => [
      `category-${category}`,
      () => ({
        textKey: `chatbot.category.${category}`,
        options: [option('categories'), option('main-menu')],
      }),
    ]),
  ),
};

export const FAILURE_REPLY: BotReply = { textKey: 'chatbot.failure', options: RECOVERY_OPTIONS };
export const UNKNOWN_OPTION_REPLY: BotReply = { textKey: 'chatbot.unknownOption', options: RECOVERY_OPTIONS };

export function replyToOption(optionId: string): BotReply {
  return REPLIES[optionId]?.() ?? UNKNOWN_OPTION_REPLY;
}

const KEYWORDS: [RegExp, string][] = [
  [/\b(badge|badges|tier|tiers|legendary|rare|epic)\b/i, 'badges'],
  [/\b(support|contact|help|email|response)\b/i, 'support'],
  [/\b(start|begin|beginner|first|starter|new)\b/i, 'starter'],
  [/\b(categor(y|ies)|type|types|kinds?)\b/i, 'categories'],
];

const categoryPattern = (name: string) =>
  new RegExp(`\\b${name === 'HiddenGems' ? 'hidden\\s*gems?' : name}\\b`, 'i');

/** Free text: a category name, else a topic keyword, else the main menu. */
export function replyToText(text: string): BotReply {
  const category = CATEGORIES.find((name) => categoryPattern(name).test(text));
  if (category) return replyToOption(`category-${category}`);
  const topic = KEYWORDS.find(([pattern]) => pattern.test(text));
  return topic ? replyToOption(topic[1]) : { textKey: 'chatbot.notUnderstood', options: MAIN_OPTIONS };
}
