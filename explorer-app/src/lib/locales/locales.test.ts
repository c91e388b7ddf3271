import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

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

describe('translations', () => {
  it.each([
    ['es', es],
    ['fr', fr],
  ])('%s has every English key, with the same placeholders and tags', (_language, translation) => {
    expect(keys(translation).sort()).toEqual(keys(en).sort());
    expect(placeholders(translation)).toEqual(placeholders(en));
  });
});
