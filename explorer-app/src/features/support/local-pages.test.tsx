import { aUser } from '@cityquest/openapi/testing/users';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store.ts';
import { renderApp, setupApi } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
  useAuthStore.setState({ isAuthenticated: true, userData: aUser() });
});

describe('Chat with Us', () => {
  it('greets, appends sent messages locally and ignores blank ones', async () => {
    renderApp('/chat-support');
    expect(await screen.findByText(/This is the CityQuest support team/)).toBeInTheDocument();
    const input = screen.getAllByRole('textbox', { name: 'Message' }).at(-1) as HTMLElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Where is my badge?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Where is my badge?')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('Provide Feedback', () => {
  it('takes a category, a star rating and comments, then thanks the user', async () => {
    renderApp('/provide-feedback');
    const send = await screen.findByRole('button', { name: 'Send Feedback' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Comments'), { target: { value: 'Love the map' } });
    fireEvent.click(send);
    expect(await screen.findByText('Your feedback helps us make CityQuest better.')).toBeInTheDocument();
  });
});
