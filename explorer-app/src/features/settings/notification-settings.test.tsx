import type { Schema } from '@cityquest/contract';
import { aUser, session } from '@cityquest/contract/testing/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { currentUser, fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

type Preferences = Schema<'NotificationSettings'>;

const SAVED: Preferences = {
  email: true,
  friendRequests: { inApp: true, email: true },
  questModeration: { inApp: true, email: false },
  proofDecisions: { inApp: false, email: true },
  badgesAndLevels: { inApp: true, email: false },
};
const me = aUser();

let api: ReturnType<typeof setupApi>;

beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () =>
    ok(session({ ...me, settings: { ...me.settings, notifications: SAVED } })),
  );
  await signIn();
  await i18n.changeLanguage('en');
  // The server merges what it is sent: the mail switch, and whole kinds.
  api.on('POST', '/users/settings', (_request, body) => {
    const sent = (body as { notifications: Partial<Preferences> }).notifications;
    const current = currentUser()?.settings ?? me.settings;
    return ok({ ...current, notifications: { ...current.notifications, ...sent } });
  });
});

/** The Notifications section (jsdom is phone-sized: the sections come from the dropdown). */
async function openNotifications() {
  const user = userEvent.setup();
  renderApp('/settings');
  await user.selectOptions(await screen.findByLabelText('Settings section'), 'notifications');
  await screen.findByRole('heading', { name: 'Notifications' });
  return user;
}

const toggle = (name: string) => screen.getByRole('switch', { name });
const saveButton = () => screen.queryByRole('button', { name: 'Save Changes' });
const settingsCalls = () => api.calls.filter((call) => call.path === '/users/settings');

describe('Notification preferences in Settings', () => {
  it('shows the saved preferences in a table of kinds by channel', async () => {
    await openNotifications();
    const table = screen.getByRole('table', { name: 'Notifications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Notification', 'In-app', 'Email']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.firstChild?.textContent),
    ).toEqual(['Friend requests', 'Quest moderation', 'Proof decisions', 'Badges and levels']);
    expect(toggle('Email notifications')).toBeChecked();
    expect(toggle('Friend requests in the app')).toBeChecked();
    expect(toggle('Friend requests by email')).toBeChecked();
    expect(toggle('Quest moderation by email')).not.toBeChecked();
    expect(toggle('Proof decisions in the app')).not.toBeChecked();
    expect(toggle('Proof decisions by email')).toBeChecked();
    expect(toggle('Badges and levels by email')).not.toBeChecked();
    expect(toggle('Badges and levels by email')).toBeEnabled();
    expect(
      screen.getByText('Account and support notices always reach your bell and are never emailed.'),
    ).toBeInTheDocument();
    expect(saveButton()).toBeNull();
  });

  it('shows Save Changes only once edited and sends only the kinds that changed, each whole', async () => {
    const user = await openNotifications();
    await user.click(toggle('Friend requests in the app'));
    expect(saveButton()).not.toBeNull();
    await user.click(toggle('Friend requests in the app'));
    expect(saveButton()).toBeNull();

    await user.click(toggle('Badges and levels by email'));
    await user.click(toggle('Proof decisions in the app'));
    await user.click(saveButton() as HTMLElement);

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(settingsCalls().map((call) => call.body)).toEqual([
      {
        notifications: {
          proofDecisions: { inApp: true, email: true },
          badgesAndLevels: { inApp: true, email: true },
        },
      },
    ]);
    expect(currentUser()?.settings.notifications).toEqual({
      ...SAVED,
      proofDecisions: { inApp: true, email: true },
      badgesAndLevels: { inApp: true, email: true },
    });
    expect(toggle('Badges and levels by email')).toBeChecked();
    expect(saveButton()).toBeNull();
  });

  it('turns all mail off with the one switch, and the kinds cannot be mailed meanwhile', async () => {
    const user = await openNotifications();
    const note = 'Email notifications are off, so none of these are emailed. Turn them on above to choose.';
    expect(screen.queryByText(note)).toBeNull();
    await user.click(toggle('Email notifications'));

    expect(screen.getByText(note)).toBeInTheDocument();
    for (const kind of ['Friend requests', 'Quest moderation', 'Proof decisions', 'Badges and levels']) {
      expect(toggle(`${kind} by email`)).toBeDisabled();
      expect(toggle(`${kind} by email`)).toHaveAccessibleDescription(note);
      expect(toggle(`${kind} in the app`)).toBeEnabled();
    }
    // Each kind keeps its own choice for when mail is turned on again.
    expect(toggle('Friend requests by email')).toBeChecked();

    await user.click(saveButton() as HTMLElement);
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(settingsCalls().map((call) => call.body)).toEqual([{ notifications: { email: false } }]);
    expect(currentUser()?.settings.notifications.email).toBe(false);
    expect(toggle('Friend requests by email')).toBeDisabled();
  });

  it('says why saving failed and keeps the edit to try again', async () => {
    api.on('POST', '/users/settings', () => fail(503, 'Settings are being updated, try again shortly'));
    const user = await openNotifications();
    await user.click(toggle('Quest moderation by email'));
    await user.click(saveButton() as HTMLElement);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Settings are being updated, try again shortly',
    );
    expect(toggle('Quest moderation by email')).toBeChecked();
    expect(saveButton()).not.toBeNull();
    expect(currentUser()?.settings.notifications).toEqual(SAVED);
  });
});
