import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { startI18n } from './i18n.ts';

function Greeting() {
  const { t } = useTranslation();
  return <h1>{t('home.title', { name: 'Asha' })}</h1>;
}

describe('startI18n', () => {
  it('shows the English strings at once, with values in them', () => {
    startI18n({ resources: { en: { translation: { home: { title: 'Welcome, {{name}}!' } } } } });
    render(<Greeting />);
    expect(screen.getByRole('heading', { name: 'Welcome, Asha!' })).toBeInTheDocument();
  });
});
