import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size.ts';

describe('fileSize', () => {
  it.each([
    [0, { unit: 'bytes', value: '0' }],
    [1023, { unit: 'bytes', value: '1023' }],
    [1024, { unit: 'kb', value: '1' }],
    [512_330, { unit: 'kb', value: '500.32' }],
    [5 * 1024 * 1024, { unit: 'mb', value: '5' }],
    [1.5 * 1024 ** 3, { unit: 'gb', value: '1.5' }],
    [3 * 1024 ** 4, { unit: 'gb', value: '3072' }],
  ])('%d bytes', (bytes, expected) => {
    expect(fileSize(bytes)).toEqual(expected);
  });
});
