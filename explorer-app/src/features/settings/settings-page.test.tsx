import { aUser } from '@cityquest/contract/testing/users';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { aMyProfile } from '../../test-support/profile-fixtures.ts';
import {
  currentUser,
  fail,
  isSignedIn,
  ok,
  renderApp,
  setupApi,
  signIn,
} from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
const me = aUser({ avatar: 'https://files.cityquest.app/avatars/old.webp', bio: 'Walker.' });

beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
});

const fileInputs = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLInputElement>('input[type=file]'));

describe('Settings', () => {
  it('checks a new profile picture before sending and reverts the preview when the upload fails', async () => {
    api.on('POST', '/users/update-user-avatar', () => fail(500, 'storage down'));
    const { container } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const [avatarInput] = fileInputs(container);
    if (!avatarInput) throw new Error('no avatar input');
    fireEvent.change(avatarInput, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(avatarInput, { target: { files: [big] } });
    expect(await screen.findByText('File size must be less than 5MB')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/users/update-user-avatar')).toHaveLength(0);
    fireEvent.change(avatarInput, {
      target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] },
    });
    expect(
      await screen.findByText('Failed to update profile picture. Please try again.'),
    ).toBeInTheDocument();
    expect(container.querySelector('img[src="https://files.cityquest.app/avatars/old.webp"]')).not.toBeNull();
  });

  it('edits the bio with a 200-character counter', async () => {
    api.on('POST', '/users/update-account-details', (_request, body) =>
      ok({ ...me, bio: (body as { bio: string }).bio }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit Bio' }));
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(bio, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('201/200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(bio, { target: { value: 'Chasing murals.' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bio updated successfully!')).toBeInTheDocument();
    expect(currentUser()?.bio).toBe('Chasing murals.');
  });

  it('shows email and username read-only', async () => {
    renderApp('/settings');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('You cannot change the email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
  });

  it('deletes the account only with the password and the exact phrase', async () => {
    api.on('DELETE', '/users/delete-account', () => ok({ _id: me._id }));
    const user = userEvent.setup();
    const { router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('button', { name: 'Delete account permanently' });
    await user.type(screen.getByLabelText('Password'), 'long-password');
    await user.type(screen.getByLabelText(/Type DELETE_MY_ACCOUNT/), 'delete_my_account');
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText(/Type DELETE_MY_ACCOUNT/));
    await user.type(screen.getByLabelText(/Type DELETE_MY_ACCOUNT/), 'DELETE_MY_ACCOUNT');
    await user.click(confirm);
    expect(await screen.findByText('Account deleted successfully. Redirecting...')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/users/delete-account')?.body).toEqual({
      password: 'long-password',
      confirmDeletion: 'DELETE_MY_ACCOUNT',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    await waitFor(() => expect(isSignedIn()).toBe(false));
    // Home opens as a visitor's: nothing is asked with the deleted account's token.
    const deletedAt = api.calls.findIndex((call) => call.path === '/users/delete-account');
    expect(api.calls.slice(deletedAt + 1)).toEqual([]);
  });

  it('shows Save Changes only once a preference is edited, then switches the language', async () => {
    api.on('POST', '/users/settings', (_request, body) => ok({ ...me.settings, ...(body as object) }));
    const user = userEvent.setup();
    renderApp('/settings');
    // jsdom is phone-sized here: the sections come from the dropdown.
    await user.selectOptions(await screen.findByLabelText('Settings section'), 'preferences');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Language'), 'es');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(api.calls.find((call) => call.path === '/users/settings')?.body).toEqual({
      appPreferences: { language: 'es', theme: 'light' },
    });
    expect(await screen.findByRole('heading', { name: 'Configuración' })).toBeInTheDocument();
  });

  it('turns on sharing the live position with moderators, off until then, and keeps it in the session', async () => {
    api.on('POST', '/users/settings', (_request, body) => ok({ ...me.settings, ...(body as object) }));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.selectOptions(await screen.findByLabelText('Settings section'), 'privacy');
    const share = screen.getByRole('switch', { name: 'Share my live position with moderators' });
    expect(share).not.toBeChecked();
    expect(
      screen.getByText(
        'While live tracking is on during a quest, your latest position is kept for 30 days so moderators can check your proofs.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    await user.click(share);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    // The privacy group as the other privacy switches send it, with sharing now on.
    expect(api.calls.find((call) => call.path === '/users/settings')?.body).toEqual({
      privacy: { profileVisibility: 'public', dataSharing: false, shareLivePosition: true },
    });
    expect(currentUser()?.settings.privacy.shareLivePosition).toBe(true);
    expect(screen.getByRole('switch', { name: 'Share my live position with moderators' })).toBeChecked();
  });

  it('shows what the server says about a field under that field', async () => {
    api.on('POST', '/users/update-account-details', () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'bio', message: 'Bio must not contain control characters' }],
      },
    }));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit Bio' }));
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Odd text' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bio must not contain control characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('Odd text');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the new bio on the profile once saved', async () => {
    let bio = me.bio;
    api.on('GET', '/users/my-profile', () => ok(aMyProfile({ ...me, bio })));
    api.on('POST', '/users/update-account-details', (_request, body) => {
      bio = (body as { bio: string }).bio;
      return ok({ ...me, bio });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    expect(await screen.findByText('Walker.')).toBeInTheDocument();
    await router.navigate({ to: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Edit Bio' }));
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Chasing murals.' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Bio updated successfully!');
    await router.navigate({ to: '/profile' });
    expect(await screen.findByText('Chasing murals.')).toBeInTheDocument();
  });

  it('says why the account could not be deleted: a wrong password under its field, anything else above', async () => {
    api.on('DELETE', '/users/delete-account', () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Password is incorrect',
        errors: [{ field: 'password', message: 'Password is incorrect' }],
      },
    }));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.type(screen.getByLabelText(/Type DELETE_MY_ACCOUNT/), 'DELETE_MY_ACCOUNT');
    await user.click(screen.getByRole('button', { name: 'Delete account permanently' }));
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is incorrect');
    expect(screen.queryByRole('alert')).toBeNull();

    api.on('DELETE', '/users/delete-account', () => fail(500, 'database down'));
    await user.click(screen.getByRole('button', { name: 'Delete account permanently' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to delete account. Please check your password and try again.',
    );
    expect(isSignedIn()).toBe(true);
  });
});
