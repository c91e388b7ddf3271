import { accessibleColors, cityQuestTheme } from '@cityquest/shared-ui';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../../lib/i18n.ts';
import { AppUpdatePrompt } from './app-update-prompt.tsx';

/** Stands in for the service worker registration, the one boundary the prompt has. */
function fakeRegistration() {
  let options: RegisterSWOptions = {};
  const updateServiceWorker = vi.fn(async (_reloadPage?: boolean) => {});
  const register = vi.fn((given: RegisterSWOptions) => {
    options = given;
    return updateServiceWorker;
  });
  return {
    register,
    updateServiceWorker,
    reportWaitingWorker: () => act(() => options.onNeedRefresh?.()),
  };
}

function renderPrompt(registration: ReturnType<typeof fakeRegistration>) {
  return render(
    <MantineProvider theme={cityQuestTheme} cssVariablesResolver={accessibleColors} env="test">
      <AppUpdatePrompt register={registration.register} />
    </MantineProvider>,
  );
}

beforeEach(() => {
  initI18n();
});
afterEach(async () => {
  await applyLanguage('en');
});

describe('the app update prompt', () => {
  it('says nothing until a new version waits, then offers Reload and Later', async () => {
    const registration = fakeRegistration();
    renderPrompt(registration);
    expect(registration.register).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    registration.reportWaitingWorker();
    const notice = await screen.findByRole('region', { name: 'New version available' });
    expect(screen.getByRole('status')).toContainElement(notice);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
  });

  it('activates the new version when Reload is pressed', async () => {
    const registration = fakeRegistration();
    renderPrompt(registration);
    registration.reportWaitingWorker();
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(registration.updateServiceWorker).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('hides when Later is pressed, without touching the new version', async () => {
    const registration = fakeRegistration();
    renderPrompt(registration);
    registration.reportWaitingWorker();
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByText('New version available')).not.toBeInTheDocument());
    expect(registration.updateServiceWorker).not.toHaveBeenCalled();
  });

  it("speaks the explorer's language", async () => {
    await applyLanguage('fr');
    const registration = fakeRegistration();
    renderPrompt(registration);
    registration.reportWaitingWorker();
    expect(await screen.findByRole('region', { name: 'Nouvelle version disponible' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plus tard' })).toBeInTheDocument();
  });
});
