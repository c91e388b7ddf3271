import type { Schema } from '@cityquest/contract';
import { aCreatedBadge, CATALOGUE } from '@cityquest/contract/testing/badges';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type Badge = Schema<'Badge'>;

let api: ReturnType<typeof setupApi>;
/** The catalogue as the fake server holds it: a creation adds to it, and later answers show it. */
let catalogue: Badge[];

function serveCatalogue(badges: Badge[] = CATALOGUE) {
  catalogue = [...badges];
  api.on('GET', '/badges', () => ok(catalogue));
}

/** POST /admin/badges as the server answers it: the new badge, numbered after the catalogue. */
function serveCreate() {
  api.on('POST', '/admin/badges', (_request, body) => {
    const form = body as FormData;
    const tier = form.get('tier') as Badge['tier'];
    const created = aCreatedBadge({
      name: String(form.get('name')),
      description: String(form.get('description')),
      category: form.get('category') as Badge['category'],
      tier,
      rarity: tier,
      xpRequired: Number(form.get('xpRequired')),
    });
    catalogue = [...catalogue, created];
    return ok(created, 'Badge created');
  });
}

const posts = () => api.calls.filter((call) => call.method === 'POST');
const badgeReads = () => api.calls.filter((call) => call.method === 'GET' && call.path === '/badges');
/** The category select's label ('Category', marked required), not the 'Category XP' field's. */
const CATEGORY = /^Category\s*\*?$/;
const image = (name = 'owl.png', type = 'image/png') => new File(['png'], name, { type });

async function openBadges() {
  signInAs('admin');
  renderApp('/admin/badges');
  await screen.findByRole('heading', { level: 1, name: 'Badges' });
}

async function openCreateForm() {
  await openBadges();
  await screen.findByRole('heading', { level: 3, name: 'Mural Hunter' });
  await userEvent.click(screen.getByRole('button', { name: 'Create badge' }));
  return screen.findByRole('dialog', { name: 'Create Badge' });
}

/** Fills every field with valid values; the tier suggests its threshold as the xp figure. */
async function fillForm(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/^Name/), '  Night Owl ');
  await userEvent.type(within(dialog).getByLabelText(/^Description/), 'Finished the midnight heritage walk.');
  await userEvent.selectOptions(within(dialog).getByLabelText(CATEGORY), 'History');
  await userEvent.selectOptions(within(dialog).getByLabelText(/^Tier/), 'Rare');
  await userEvent.upload(within(dialog).getByLabelText(/^Badge image/), image());
}

beforeEach(() => {
  api = setupApi();
});

describe('badges screen', () => {
  it('is in the navigation and lists the catalogue by category, with tier, number and xp', async () => {
    serveCatalogue([...CATALOGUE, aCreatedBadge()]);
    await openBadges();
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'Badges' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('31 badges')).toBeInTheDocument();

    const art = screen.getByRole('region', { name: /^Art/ });
    const mural = within(art).getByRole('heading', { level: 3, name: 'Mural Hunter' })
      .parentElement as HTMLElement;
    expect(within(mural).getByText('Uncommon')).toBeInTheDocument();
    expect(within(mural).getByText('No. 2 · 400 category XP')).toBeInTheDocument();
    expect(within(mural).getByRole('img', { name: 'Mural Hunter badge' })).toHaveAttribute(
      'src',
      'https://files.cityquest.app/badges/art-uncommon.webp',
    );
    const history = screen.getByRole('region', { name: /^History/ });
    expect(
      within(history)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Time Traveller',
      'Heritage Walker',
      'Chronicle Keeper',
      'Monument Scholar',
      'Keeper of the Ages',
      'Night Owl',
    ]);
    expect(within(history).getByText('No. 31 · 1,000 category XP')).toBeInTheDocument();
  });

  it('shows a failed load with Try Again, then the empty state', async () => {
    api.on('GET', '/badges', () => fail(500, 'Database unavailable'));
    await openBadges();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    serveCatalogue([]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No badges in the catalogue')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('creating a badge', () => {
  it('refuses missing fields before sending anything', async () => {
    serveCatalogue();
    serveCreate();
    const dialog = await openCreateForm();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));

    const expected: [RegExp, string][] = [
      [/^Name/, 'Name is required'],
      [/^Description/, 'Description is required'],
      [CATEGORY, 'Category is required'],
      [/^Tier/, 'Choose a tier, or No tier'],
      [/^Category XP/, 'Category XP is required'],
    ];
    for (const [label, message] of expected) {
      const field = within(dialog).getByLabelText(label);
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(posts()).toEqual([]);
  });

  it("offers the contract's five tiers and No tier, and refuses an image of another type", async () => {
    serveCatalogue();
    serveCreate();
    const dialog = await openCreateForm();
    const tiers = within(within(dialog).getByLabelText(/^Tier/)).getAllByRole('option');
    expect(tiers.map((option) => option.textContent)).toEqual([
      'Choose a tier',
      'Common',
      'Uncommon',
      'Rare',
      'Epic',
      'Legendary',
      'No tier',
    ]);
    await fillForm(dialog);
    const field = within(dialog).getByLabelText(/^Badge image/);
    // The accept list is only a hint to the file picker: a file of another type can still be chosen.
    await userEvent.setup({ applyAccept: false }).upload(field, image('owl.svg', 'image/svg+xml'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Badge image must be a PNG, JPEG, WebP or GIF file'),
    );
    expect(posts()).toEqual([]);
  });

  it('sends the fields and the chosen image as multipart, then says so and refreshes the catalogue', async () => {
    serveCatalogue();
    serveCreate();
    const dialog = await openCreateForm();
    await fillForm(dialog);
    // Choosing the tier suggested its threshold.
    expect(within(dialog).getByLabelText(/^Category XP/)).toHaveValue('1,000');
    expect(
      within(dialog).getByRole('img', { name: 'Preview of the chosen badge image' }),
    ).toBeInTheDocument();
    const readsBefore = badgeReads().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Badge "Night Owl" created as No. 31. Award it from a user\'s details.',
    );
    const [call] = posts();
    expect(call?.path).toBe('/admin/badges');
    const sent = call?.body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== 'image'))).toEqual({
      name: 'Night Owl',
      description: 'Finished the midnight heritage walk.',
      category: 'History',
      tier: 'Rare',
      xpRequired: '1000',
    });
    // The chosen file, once (jsdom's File loses its name and bytes on the way into Node's FormData; a browser
    // keeps them, so only its presence and type are checked here).
    expect(sent.getAll('image')).toHaveLength(1);
    expect((sent.get('image') as Blob).type).toBe('image/png');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Badge' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 3, name: 'Night Owl' })).toBeInTheDocument();
    expect(badgeReads().length).toBeGreaterThan(readsBefore);
    expect(screen.getByText('31 badges')).toBeInTheDocument();
  });

  it("creates a badge without a tier or an upload, previewing the catalogue's medal it gets", async () => {
    serveCatalogue();
    serveCreate();
    const dialog = await openCreateForm();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Night Owl');
    await userEvent.type(
      within(dialog).getByLabelText(/^Description/),
      'Finished the midnight heritage walk.',
    );
    await userEvent.selectOptions(within(dialog).getByLabelText(CATEGORY), 'History');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Tier/), 'Rare');
    const medal = within(dialog).getByRole('img', {
      name: 'The catalogue’s medal for this category and tier',
    });
    expect(medal).toHaveAttribute(
      'src',
      CATALOGUE.find((b) => b.category === 'History' && b.tier === 'Rare')?.imageUrl,
    );
    // A chosen file replaces the medal until the explorer goes back to it.
    await userEvent.upload(within(dialog).getByLabelText(/^Badge image/), image());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the catalogue’s medal instead' }));
    expect(
      within(dialog).getByRole('img', { name: 'The catalogue’s medal for this category and tier' }),
    ).toBeInTheDocument();
    // The figure Rare suggested stays when the badge ends up without a tier.
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Tier/), 'No tier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));
    await screen.findByRole('status');
    const sent = posts()[0]?.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      name: 'Night Owl',
      description: 'Finished the midnight heritage walk.',
      category: 'History',
      xpRequired: '1000',
    });
  });

  it('keeps a typed xp figure when the tier changes', async () => {
    serveCatalogue();
    serveCreate();
    const dialog = await openCreateForm();
    await userEvent.type(within(dialog).getByLabelText(/^Category XP/), '250');
    await fillForm(dialog);
    expect(within(dialog).getByLabelText(/^Category XP/)).toHaveValue('250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));
    await screen.findByRole('status');
    const [call] = posts();
    expect((call?.body as FormData | undefined)?.get('xpRequired')).toBe('250');
  });

  it("shows a taken name on the Name field and the server's field errors on their fields", async () => {
    serveCatalogue();
    api.on('POST', '/admin/badges', () => fail(409, 'A badge with this name already exists'));
    const dialog = await openCreateForm();
    await fillForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('A badge with this name already exists'),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();

    api.on('POST', '/admin/badges', () =>
      fail(400, 'Validation failed', [
        { field: 'image', message: 'Badge image is not a PNG, JPEG, WebP or GIF' },
      ]),
    );
    await userEvent.type(name, ' II');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));
    const field = within(dialog).getByLabelText(/^Badge image/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Badge image is not a PNG, JPEG, WebP or GIF'),
    );
    expect(screen.getByRole('dialog', { name: 'Create Badge' })).toBeInTheDocument();
  });

  it('shows any other failure in a banner and keeps the form', async () => {
    serveCatalogue();
    api.on('POST', '/admin/badges', () => fail(413, 'Badge image must be at most 10MB'));
    const dialog = await openCreateForm();
    await fillForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Badge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Badge image must be at most 10MB');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('  Night Owl ');
  });
});
