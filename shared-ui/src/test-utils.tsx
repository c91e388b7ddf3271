import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { accessibleColors, cityQuestTheme } from './theme.ts';

export function renderWithTheme(ui: ReactElement) {
  return render(
    // env="test" turns off transitions and the detached-reference check, which jsdom cannot measure.
    <MantineProvider theme={cityQuestTheme} cssVariablesResolver={accessibleColors} env="test">
      {ui}
    </MantineProvider>,
  );
}
