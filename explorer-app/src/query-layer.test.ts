import { queryLayerViolations, sourceFiles } from '@cityquest/shared-ui/testing/query-layer';
import { expect, it } from 'vitest';

it('reaches the server only through query options and mutation hooks', () => {
  expect(queryLayerViolations(sourceFiles(import.meta.dirname))).toEqual([]);
});
