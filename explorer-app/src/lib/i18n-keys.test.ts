import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n.ts';

describe('typed translation keys', () => {
  it('translates a key of the English strings, and a wrong key fails the typecheck', () => {
    initI18n();
    expect(i18n.t('common.tryAgain')).toBe('Try Again');
    // @ts-expect-error: not a key of locales/translation/en.json, so `npm run typecheck` refuses it.
    expect(i18n.t('common.noSuchKey')).toBe('common.noSuchKey');
  });
});
