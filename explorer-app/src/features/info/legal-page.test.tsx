import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

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

describe('Help Center', () => {
  it('shows six topics and ten questions, one open at a time', async () => {
    const { aUser } = await import('@cityquest/contract/testing/users');
    signInAs(aUser());
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help Center', level: 1 })).toBeInTheDocument();
    for (const topic of [
      'Getting Started',
      'Quests & Adventures',
      'Achievements & Rewards',
      'Social Features',
      'Account & Settings',
      'Safety & Privacy',
    ]) {
      expect(screen.getAllByText(topic).length).toBeGreaterThan(0);
    }
    const questions = screen
      .getAllByRole('button', { expanded: false })
      .filter((button) => button.closest('[data-accordion]') || button.getAttribute('aria-controls'));
    expect(questions.length).toBeGreaterThanOrEqual(10);
    const first = screen.getByRole('button', { name: /How do I start my first quest\?/ });
    const second = screen.getByRole('button', { name: /How many quests can I play at once\?/ });
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Compass', () => {
  it('explains ranks and badge tiers from the shared rules', async () => {
    renderApp('/compass');
    expect(await screen.findByRole('heading', { name: 'Compass', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Novice Explorer' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1-2' })).toBeInTheDocument();
    expect(screen.getByText('4,000 xp')).toBeInTheDocument();
  });
});
