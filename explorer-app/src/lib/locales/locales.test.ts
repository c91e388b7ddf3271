import { describe, expect, it } from 'vitest';

const files = import.meta.glob<{ default: object }>('./*/*.json', { eager: true });

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function placeholders(tree: object): Record<string, string[]> {
  const flat: Record<string, string[]> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'object' && value !== null) walk(value, `${prefix}${key}.`);
      else
        flat[`${prefix}${key}`] =
          String(value)
            .match(/\{\{\w+\}\}|<\w+>/g)
            ?.sort() ?? [];
    }
  };
  walk(tree, '');
  return flat;
}

const namespaces = [...new Set(Object.keys(files).map((path) => path.split('/')[1]))];
const cases = namespaces.flatMap((namespace) =>
  ['es', 'fr'].map((language) => [namespace, language] as const),
);

describe('translations', () => {
  it('ships the default namespace', () => {
    expect(namespaces).toContain('translation');
  });

  it.each(cases)(
    '%s/%s has every English key, with the same placeholders and tags',
    (namespace, language) => {
      const english = files[`./${namespace}/en.json`]?.default;
      const translation = files[`./${namespace}/${language}.json`]?.default;
      expect(english).toBeDefined();
      expect(translation).toBeDefined();
      expect(keys(translation ?? {}).sort()).toEqual(keys(english ?? {}).sort());
      expect(placeholders(translation ?? {})).toEqual(placeholders(english ?? {}));
    },
  );
});
