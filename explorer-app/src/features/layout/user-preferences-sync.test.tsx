import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../../lib/i18n.ts';
import { ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});
afterEach(async () => {
  await applyLanguage('en');
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('the signed-in user preferences', () => {
  it('apply the language and theme saved on the server when a session is restored', async () => {
    window.localStorage.setItem('accessToken', 'access-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    const settings = aUser().settings;
    api.on('GET', '/users/current-user', () =>
      ok(aUser({ settings: { ...settings, appPreferences: { language: 'fr', theme: 'dark' } } })),
    );
    renderApp('/');
    await waitFor(() => expect(i18n.language).toBe('fr'));
    const nav = (
      await screen.findAllByRole('navigation', { name: 'Navigation principale' })
    )[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Mes quêtes' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
  });
});
