import { describe, expect, it } from 'vitest';
import { internalPath } from './internal-path.ts';

describe('internalPath', () => {
  it.each([
    '/',
    '/quest-overview/3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51',
    '/explore?category=Art&page=2',
    '/explore?search=old%20fort#list',
  ])('follows the app path %s', (path) => {
    expect(internalPath(path)).toBe(path);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['an absolute URL', 'https://evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'explore'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['an empty value', ''],
    ['a number', 42],
    ['no value', undefined],
    ['an over-long value', `/${'a'.repeat(2048)}`],
  ])('ignores %s', (_name, value) => {
    expect(internalPath(value)).toBeUndefined();
  });
});
