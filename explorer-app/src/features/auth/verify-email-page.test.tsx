import { aUser, session } from '@cityquest/contract/testing/users';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aQuest } from '../../test-support/quest-fixtures.ts';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

const digit = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;

describe('Verify Email', () => {
  it('accepts digits only, moves between boxes and goes back with backspace', async () => {
    const user = userEvent.setup();
    renderApp('/verify-email?email=asha%40example.com');
    await screen.findByLabelText('Digit 1');
    const verify = screen.getByRole('button', { name: 'Verify' });
    await user.click(digit(1));
    await user.keyboard('a1');
    expect(digit(1).value).toBe('1');
    expect(document.activeElement).toBe(digit(2));
    await user.keyboard('2');
    await user.keyboard('{Backspace}{Backspace}');
    expect(digit(2).value).toBe('');
    expect(verify).toBeDisabled();
  });

  it('takes a pasted code and verifies it', async () => {
    api.on('POST', '/users/verify-email', () => ok(session(aUser())));
    const { router } = renderApp('/verify-email?email=asha%40example.com');
    await screen.findByLabelText('Digit 1');
    fireEvent.paste(digit(1), { clipboardData: { getData: () => ' 12-34 ' } });
    expect([1, 2, 3, 4].map((n) => digit(n).value)).toEqual(['1', '2', '3', '4']);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Email verified successfully! Redirecting to home...'),
    ).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ email: 'asha@example.com', verificationCode: '1234' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('goes back to the page in ?redirect once verified, which signs the user in', async () => {
    const questPath = '/quest-overview/3f0c2a9e-8d7b-4c1e-9a52-6b1d2e3f4a51';
    api.on('POST', '/users/verify-email', () => ok(session(aUser())));
    api.on('GET', '/quests/{id}', () => ok(aQuest()));
    const { router } = renderApp(
      `/verify-email?email=asha%40example.com&redirect=${encodeURIComponent(questPath)}`,
    );
    await screen.findByLabelText('Digit 1');
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '1234' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email verified successfully! Taking you back...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(questPath), { timeout: 3000 });
  });

  it('asks for the email when none is known and resends the code to it', async () => {
    api.on('POST', '/users/resend-verification-code', () => ok({ email: 'asha@example.com' }));
    const user = userEvent.setup();
    renderApp('/verify-email');
    expect(await screen.findByText('Enter your email and the 4-digit code we sent you.')).toBeInTheDocument();
    const resend = screen.getByRole('button', { name: 'Resend Code' });
    expect(resend).toBeDisabled();
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.click(resend);
    expect(await screen.findByText('Verification code sent successfully to your email!')).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ email: 'asha@example.com' });
  });

  it('shows the server message in red when the code is wrong', async () => {
    api.on('POST', '/users/verify-email', () => fail(400, 'Invalid or expired verification code'));
    renderApp('/verify-email?email=asha%40example.com');
    await screen.findByLabelText('Digit 1');
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '9999' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired verification code');
  });
});
