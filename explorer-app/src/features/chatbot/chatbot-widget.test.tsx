import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupApi } from '../../test-support/render-app.tsx';
import { TYPING_DELAY_MS } from './chatbot-panel.tsx';

beforeEach(() => {
  setupApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openChat() {
  renderApp('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Open help chat' }));
  return screen.findByRole('textbox', { name: 'Message' });
}

describe('help chatbot', () => {
  it('opens on the welcome message with its options', async () => {
    await openChat();
    expect(screen.getByText("Hi! I'm the CityQuest Guide. What would you like to know?")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Badges and tiers' })).toBeInTheDocument();
  });

  it('sends on Enter, not on Shift+Enter, shows typing for 800 ms and ignores blank text', async () => {
    const input = await openChat();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: 'tell me about badges' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(screen.queryByText('tell me about badges', { selector: 'p' })).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('tell me about badges')).toBeInTheDocument();
    expect(screen.getByText('CityQuest Guide is typing...')).toBeInTheDocument();
    expect(input).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(TYPING_DELAY_MS);
    });
    expect(screen.queryByText('CityQuest Guide is typing...')).toBeNull();
    expect(screen.getByText(/five badge tiers/)).toBeInTheDocument();
  });

  it('answers options and clears back to the welcome', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    await act(async () => {
      vi.advanceTimersByTime(TYPING_DELAY_MS);
    });
    expect(screen.getByText(/24-48 hours/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/24-48 hours/)).toBeNull();
    expect(screen.getByText("Hi! I'm the CityQuest Guide. What would you like to know?")).toBeInTheDocument();
  });

  it('closes back to the focused launcher and keeps the conversation for the next open', async () => {
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    await act(async () => {
      vi.advanceTimersByTime(TYPING_DELAY_MS);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close help chat' }));
    const launcher = screen.getByRole('button', { name: 'Open help chat' });
    expect(launcher).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(launcher);
    expect(await screen.findByText(/24-48 hours/)).toBeVisible();
  });
});
