import type { Schema } from '@cityquest/contract';
import { anEarnedBadge, badgeNamed, CATALOGUE } from '@cityquest/contract/testing/badges';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAdminUser } from '../../test-support/admin-users.ts';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type AdminUser = Schema<'AdminUser'>;
type EarnedBadge = Schema<'EarnedBadge'>;

const RAVI = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82';

const ravi: AdminUser = anAdminUser({ _id: RAVI });

const permissions: Schema<'AdminPermissions'> = {
  isAdmin: false,
  isSuperAdmin: false,
  canModerateQuests: false,
  canManageUsers: false,
  canManageAdmins: false,
  canViewAnalytics: false,
  canManageBadges: false,
  canViewReports: false,
};

let api: ReturnType<typeof setupApi>;
/** What the fake server holds for Ravi: awarding adds to it, and later answers show it. */
let held: EarnedBadge[];

/** The users list, Ravi's details (with his badge count) and role, the catalogue and his earned badges. */
function serve({ earned = 'public' }: { earned?: 'public' | 'private' } = {}) {
  held = [anEarnedBadge(badgeNamed('Sketch Seeker'))];
  api.on('GET', '/admin/users', () =>
    ok({
      users: [ravi],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalUsers: 1,
        totalCapped: false,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    }),
  );
  api.on('GET', `/admin/users/${RAVI}`, () =>
    ok({
      ...ravi,
      stats: {
        profileCompleteness: 80,
        questsCompleted: 21,
        questsCreated: 2,
        questsOngoing: 1,
        badgesEarned: held.length,
        currentStreak: 5,
        distanceExplored: 12.34,
      },
      permissions,
    }),
  );
  api.on('GET', `/admin/users/${RAVI}/role`, () => ok({ userId: RAVI, role: 'user', permissions }));
  api.on('GET', '/badges', () => ok(CATALOGUE));
  api.on('GET', `/badges/earned/${RAVI}`, () =>
    earned === 'private' ? fail(403, 'This profile is private') : ok(held),
  );
}

/** POST /admin/badge/award as the server answers it: the badge as the user now holds it, or 409. */
function serveAward() {
  api.on('POST', '/admin/badge/award', (_request, body) => {
    const { badgeId, reason } = body as { badgeId: number; reason?: string };
    if (held.some((owned) => owned.badge_id.badgeId === badgeId))
      return fail(409, 'The user already has this badge');
    const badge = CATALOGUE.find((candidate) => candidate.badgeId === badgeId);
    if (!badge) return fail(404, 'Badge not found');
    const earned = anEarnedBadge(badge, reason ?? null);
    held = [earned, ...held];
    return ok(earned, 'Badge awarded');
  });
}

/** The badge select's label ('Badge', marked required), not the Badges section it sits in. */
const BADGE_FIELD = /^Badge\s*\*?$/;
const posts = () => api.calls.filter((call) => call.method === 'POST');
const badgesEarned = (dialog: HTMLElement) =>
  within(dialog).getByText('Badges earned').nextElementSibling?.textContent;

async function openAwardForm() {
  signInAs('admin');
  renderApp('/admin/users');
  await userEvent.click(await screen.findByRole('button', { name: 'View details of Ravi Kumar' }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  await within(dialog).findByText('Profile completeness');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Award badge' }));
  const select = await within(dialog).findByLabelText(BADGE_FIELD);
  return { dialog, select };
}

beforeEach(() => {
  api = setupApi();
});

describe('awarding a badge from the user details', () => {
  it('offers the catalogue by category with each tier, marking the badges the user holds', async () => {
    serve();
    const { select } = await openAwardForm();
    // The form takes the place of the button, so the badge choice takes the focus.
    await waitFor(() => expect(select).toHaveFocus());
    const art = within(select).getByRole('group', { name: 'Art' });
    const mural = within(art).getByRole('option', { name: 'Mural Hunter (Art, Uncommon)' });
    expect(mural).toBeEnabled();
    await waitFor(() =>
      expect(
        within(art).getByRole('option', { name: 'Sketch Seeker (Art, Common), already earned' }),
      ).toBeDisabled(),
    );
    expect(within(select).getByRole('group', { name: 'Hidden Gems' })).toBeInTheDocument();
    expect(within(select).getAllByRole('option')).toHaveLength(CATALOGUE.length + 1);
  });

  it('sends the user, the badge number and the trimmed reason, says so and refreshes the details', async () => {
    serve();
    serveAward();
    const { dialog, select } = await openAwardForm();
    expect(badgesEarned(dialog)).toBe('1');
    await userEvent.selectOptions(select, 'Mural Hunter (Art, Uncommon)');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Led the mural walk ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award Badge' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Mural Hunter awarded to Ravi Kumar.',
    );
    expect(posts()).toEqual([
      expect.objectContaining({
        path: '/admin/badge/award',
        body: { userId: RAVI, badgeId: 2, reason: 'Led the mural walk' },
      }),
    ]);
    // The details load again and count the new badge; the form closes.
    await waitFor(() => expect(badgesEarned(dialog)).toBe('2'));
    expect(within(dialog).queryByLabelText(BADGE_FIELD)).toBeNull();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Award badge' })).toHaveFocus());
  });

  it('asks for a badge before sending, and sends no reason when none is given', async () => {
    serve();
    serveAward();
    const { dialog, select } = await openAwardForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award Badge' }));
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(select).toHaveAccessibleDescription(expect.stringContaining('Choose a badge to award'));
    expect(posts()).toEqual([]);

    await userEvent.selectOptions(select, 'Gem Hunter (Hidden Gems, Rare)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award Badge' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Gem Hunter awarded to Ravi Kumar.');
    expect(posts()[0]?.body).toEqual({ userId: RAVI, badgeId: 28 });
  });

  it("shows the server's message when the user already holds the badge, and marks it", async () => {
    // A private profile hides what the user holds, so the form cannot mark it beforehand.
    serve({ earned: 'private' });
    serveAward();
    const { dialog, select } = await openAwardForm();
    expect(await within(dialog).findByText(/could not be read/)).toBeInTheDocument();
    const sketch = within(select).getByRole('option', { name: 'Sketch Seeker (Art, Common)' });
    expect(sketch).toBeEnabled();
    api.on('GET', `/badges/earned/${RAVI}`, () => ok(held));
    await userEvent.selectOptions(select, sketch);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award Badge' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The user already has this badge');
    expect(within(dialog).queryByRole('status')).toBeNull();
    // The form stays open, and what the user holds is read again.
    await waitFor(() =>
      expect(
        within(select).getByRole('option', { name: 'Sketch Seeker (Art, Common), already earned' }),
      ).toBeDisabled(),
    );
    expect(badgesEarned(dialog)).toBe('1');
  });

  it('shows a failed catalogue with Try Again', async () => {
    serve();
    api.on('GET', '/badges', () => fail(500, 'Database unavailable'));
    signInAs('super_admin');
    renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'View details of Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award badge' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    api.on('GET', '/badges', () => ok(CATALOGUE));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByLabelText(BADGE_FIELD)).toBeInTheDocument();
  });
});
