import type { Schema } from '@cityquest/contract';
import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import {
  currentUser,
  fail,
  linkTarget,
  ok,
  renderApp,
  setupApi,
  signIn,
} from '../../test-support/render-app.tsx';

const TOKEN = 'eyJraW5kIjoiZnJpZW5kUmVxdWVzdHMifQ.c2lnbmVk';
const INVALID = 'This unsubscribe link is invalid or has expired. Change your mail in Settings instead.';
const link = (overrides: Partial<Schema<'Unsubscribe'>> = {}): Schema<'Unsubscribe'> => ({
  kind: 'friendRequests',
  email: 'a•••@example.com',
  unsubscribed: false,
  ...overrides,
});

let api: ReturnType<typeof setupApi>;
/** The token each unsubscribe call carried, in order. */
let tokens: { method: string; token: string | null }[];

beforeEach(async () => {
  api = setupApi();
  tokens = [];
  await i18n.changeLanguage('en');
});

function answer(method: 'GET' | 'POST', reply: () => ReturnType<typeof ok>) {
  api.on(method, '/notifications/unsubscribe', (request) => {
    tokens.push({ method, token: new URL(request.url).searchParams.get('token') });
    return reply();
  });
}

const settingsLink = (container: HTMLElement) => within(container).getByRole('link', { name: 'Settings' });
const unsubscribeCalls = () => api.calls.filter((call) => call.path === '/notifications/unsubscribe');

describe('Unsubscribe from a notification mail', () => {
  it('names the mail and the address, then turns it off without signing in', async () => {
    answer('GET', () => ok(link()));
    answer('POST', () => ok(link({ unsubscribed: true }), 'You will no longer get these emails'));
    const user = userEvent.setup();
    renderApp(`/unsubscribe?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Email notifications' })).toBeInTheDocument();
    expect(
      await screen.findByText('Stop emails about friend requests to a•••@example.com?'),
    ).toBeInTheDocument();
    expect(linkTarget(settingsLink(document.body)).path).toBe('/settings');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    const done = await screen.findByText(/You will no longer get emails about friend requests\./);
    const outcome = done.closest<HTMLElement>('[role=status]') ?? done;
    expect(outcome).toHaveTextContent(
      'You will no longer get emails about friend requests. You can turn them back on in Settings.',
    );
    expect(linkTarget(settingsLink(outcome)).path).toBe('/settings');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(tokens).toEqual([
      { method: 'GET', token: TOKEN },
      { method: 'POST', token: TOKEN },
    ]);
    const post = unsubscribeCalls().find((call) => call.method === 'POST');
    expect(post).toMatchObject({ body: undefined, auth: null });
  });

  it('has the signed-in explorer’s settings follow when the link turned off their own mail', async () => {
    const me = aUser();
    api.on('POST', '/users/login', () => ok(session(me)));
    await signIn();
    const off = {
      ...me.settings.notifications,
      questModeration: { inApp: true, email: false },
    };
    api.on('GET', '/users/current-user', () =>
      ok({ ...me, settings: { ...me.settings, notifications: off } }),
    );
    answer('GET', () => ok(link({ kind: 'questModeration' })));
    answer('POST', () => ok(link({ kind: 'questModeration', unsubscribed: true })));
    const user = userEvent.setup();
    renderApp(`/unsubscribe?token=${TOKEN}`);
    await screen.findByText('Stop emails about quest moderation to a•••@example.com?');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    await screen.findByText(/You will no longer get emails about quest moderation\./);
    await waitFor(() => expect(currentUser()?.settings.notifications).toEqual(off));
  });

  it('says when that mail is already off and offers nothing to press', async () => {
    answer('GET', () => ok(link({ kind: 'badgesAndLevels', unsubscribed: true })));
    renderApp(`/unsubscribe?token=${TOKEN}`);

    const already = await screen.findByText(
      /Emails about badges and levels to a•••@example.com are already off\./,
    );
    expect(already).toHaveTextContent(
      'Emails about badges and levels to a•••@example.com are already off. You can turn them back on in Settings.',
    );
    expect(linkTarget(settingsLink(already)).path).toBe('/settings');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(unsubscribeCalls().map((call) => call.method)).toEqual(['GET']);
  });

  it('shows the server’s reason for an altered or expired link, with the way to Settings', async () => {
    answer('GET', () => fail(400, INVALID, [{ field: 'token', message: INVALID }]));
    renderApp(`/unsubscribe?token=${TOKEN}tampered`);

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(linkTarget(screen.getByRole('link', { name: 'Settings' })).path).toBe('/settings');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('shows the server’s reason when the account is gone', async () => {
    answer('GET', () => fail(404, 'There is no account for this unsubscribe link any more.'));
    renderApp(`/unsubscribe?token=${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no account for this unsubscribe link any more.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('lets the visitor try again after a rate limit', async () => {
    let limited = true;
    api.on('GET', '/notifications/unsubscribe', () =>
      limited ? fail(429, 'Too many requests, please try again later') : ok(link()),
    );
    const user = userEvent.setup();
    renderApp(`/unsubscribe?token=${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later');
    limited = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText('Stop emails about friend requests to a•••@example.com?'),
    ).toBeInTheDocument();
  });

  it('explains a link without its token and asks nothing of the server', async () => {
    renderApp('/unsubscribe');

    expect(await screen.findByRole('heading', { level: 1, name: 'Email notifications' })).toBeInTheDocument();
    const missing = await screen.findByText(/This link is incomplete: it has no unsubscribe code\./);
    expect(missing).toHaveTextContent(
      'This link is incomplete: it has no unsubscribe code. Open the link from the email again, or change your email notifications in Settings.',
    );
    expect(linkTarget(settingsLink(missing)).path).toBe('/settings');
    expect(unsubscribeCalls()).toEqual([]);
  });

  it('speaks the visitor’s language', async () => {
    await i18n.changeLanguage('fr');
    answer('GET', () => ok(link({ kind: 'proofDecisions' })));
    renderApp(`/unsubscribe?token=${TOKEN}`);

    expect(
      await screen.findByText(
        "Ne plus envoyer d'e-mails sur les décisions sur vos preuves à a•••@example.com ?",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se désabonner' })).toBeInTheDocument();
  });
});
