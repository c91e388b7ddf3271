import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { accessibleColors, cityQuestTheme } from './theme.ts';

export function renderWithTheme(ui: ReactElement) {
  return render(
    <MantineProvider theme={cityQuestTheme} cssVariablesResolver={accessibleColors}>
      {ui}
    </MantineProvider>,
  );
}
