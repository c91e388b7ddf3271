import { screen } from '@testing-library/react';

/** Mantine's Rating commits a star on its label (the radio itself only previews it). */
export function starLabel(name: string, radio = screen.getByRole('radio', { name })): HTMLElement {
  const label = document.querySelector(`label[for="${radio.id}"]`);
  if (!(label instanceof HTMLElement)) throw new Error(`no label for ${name}`);
  return label;
}
