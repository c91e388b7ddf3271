import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupApi } from '../../test-support/render-app.tsx';

beforeEach(() => {
  setupApi();
});

describe('legal pages', () => {
  it('shows the privacy policy with its sections and date', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Last updated: August 15, 2025')).toBeInTheDocument();
    for (const section of ['What we collect', 'Security', 'Your rights', 'Third parties']) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
  });

  it('shows the terms with the minimum age', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Governing law' })).toBeInTheDocument();
  });
});

describe('About Us', () => {
  it('shows the mission, what the product offers and a Contact Us button', async () => {
    renderApp('/about-us');
    expect(await screen.findByRole('heading', { name: 'About CityQuest', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Find unique quests' })).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('link', { name: 'Contact Us' })
        .some((link) => link.getAttribute('href') === '/contact-us'),
    ).toBe(true);
  });
});
