import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const photo = () => new File(['png'], 'me.png', { type: 'image/png' });

/** Fills every field of the sign-up form with valid values and the given names, photos included. */
async function fillSignUpForm(
  user: ReturnType<typeof userEvent.setup>,
  account: { username: string; fullName: string; email: string },
) {
  await user.type(await screen.findByLabelText(/^Username/), account.username);
  await user.type(screen.getByLabelText(/^Full Name/), account.fullName);
  await user.type(screen.getByLabelText(/^Email/), account.email);
  await user.type(screen.getByLabelText(/^Password/), 'long-enough');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'long-enough');
  await user.upload(screen.getByLabelText(/^Profile Photo/), photo());
  await user.upload(screen.getByLabelText(/^Cover Image/), photo());
  await user.click(screen.getByRole('checkbox'));
}

describe('Registration', () => {
  it('lists every missing field with the documents messages', async () => {
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
    for (const message of [
      'Username is required',
      'Full name is required',
      'Email is required',
      'Password must be at least 8 characters',
      'Profile photo is required',
      'Cover image is required',
      'You must accept the terms',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(api.calls).toHaveLength(0);
  });

  it('shows the strength of the password as it is typed', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    const password = await screen.findByLabelText(/^Password/);
    expect(
      screen.getByText('Three or four words you will remember make a strong password'),
    ).toBeInTheDocument();
    await user.type(password, 'password123');
    const weak = await screen.findByText('Weak password: add another word or two', {}, { timeout: 5000 });
    expect(weak).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('progressbar', { name: 'Strength of this password' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );

    await user.clear(password);
    await user.type(password, 'Velvet-Canyon-Orbit-42');
    expect(await screen.findByText('Strong password')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Username/), 'canyon');
    expect(await screen.findByText('Weak password: leave out your username and email')).toBeInTheDocument();
  });

  it('checks the email format and the password confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'different-one');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('opens the duplicate dialog when the server says the account exists', async () => {
    api.on('POST', '/users/register', () => fail(409, 'This username is already taken'));
    const user = userEvent.setup();
    const { router } = renderApp('/signup');
    await fillSignUpForm(user, { username: 'asha', fullName: 'Asha Verma', email: 'asha@example.com' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Username or Email Already Exists!' });
    expect(within(dialog).getByRole('button', { name: 'Try Different Details' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('registers, shows the success banner and opens Verify Email for that address after 2 s', async () => {
    api.on('POST', '/users/register', () =>
      ok({ email: 'new@example.com' }, 'Registration successful! Please check your email for verification.'),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/signup');
    await user.type(await screen.findByLabelText(/^Username/), 'newbie');
    await user.type(screen.getByLabelText(/^Full Name/), 'New Explorer');
    await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'long-enough');
    await user.upload(screen.getByLabelText(/^Profile Photo/), photo());
    await user.upload(screen.getByLabelText(/^Cover Image/), photo());
    // Both previews show (decorative images, so no accessible name to query by).
    expect(document.querySelectorAll('img[src="blob:preview"]')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Registration successful! Please check your email for verification.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'), { timeout: 3000 });
    expect(await screen.findByText('Enter the 4-digit code we sent to new@example.com')).toBeInTheDocument();
  });

  it('carries ?redirect to Verify Email and to Login, and drops one that leaves the app', async () => {
    api.on('POST', '/users/register', () =>
      ok({ email: 'new@example.com' }, 'Registration successful! Please check your email for verification.'),
    );
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/signup?redirect=%2Fexplore%3Fcategory%3DArt');
    await screen.findByRole('button', { name: 'Create Account' });
    // The header's Login and the form's: the form's comes back too.
    expect(screen.getAllByRole('link', { name: 'Login' }).map((link) => link.getAttribute('href'))).toContain(
      `/login?redirect=${encodeURIComponent('/explore?category=Art')}`,
    );
    await fillSignUpForm(user, { username: 'newbie', fullName: 'New Explorer', email: 'new@example.com' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'), { timeout: 3000 });
    expect(router.state.location.search).toEqual({ redirect: '/explore?category=Art' });
    unmount();

    renderApp('/signup?redirect=https%3A%2F%2Fevil.example');
    await screen.findByRole('button', { name: 'Create Account' });
    for (const link of screen.getAllByRole('link', { name: 'Login' }))
      expect(link.getAttribute('href')).toBe('/login');
  });
});
