import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ConfirmActionOptions, useConfirmAction } from './confirm-action.tsx';
import { renderUi } from './testing/render-ui.tsx';

const STRINGS = { common: { cancel: 'Cancel', close: 'Close' } };

function DeleteButton(props: Partial<ConfirmActionOptions>) {
  const confirmAction = useConfirmAction();
  return (
    <Button
      onClick={() =>
        confirmAction({
          title: 'Delete quest?',
          body: 'Murals of Lodhi Colony will be gone for good.',
          confirmLabel: 'Delete Quest',
          onConfirm: async () => {},
          ...props,
        })
      }
    >
      Delete
    </Button>
  );
}

async function open(props: Partial<ConfirmActionOptions> = {}) {
  renderUi(<DeleteButton {...props} />, { strings: STRINGS });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: 'Delete quest?' });
}

/** A promise the test resolves when it chooses. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = () => settle();
  });
  return { promise, resolve: () => resolve() };
}

describe('confirmAction', () => {
  it('asks first, with the body and Cancel in focus, and runs nothing on Cancel', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    const dialog = await open({ onConfirm, onClose });
    expect(dialog).toHaveTextContent('Murals of Lodhi Colony will be gone for good.');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open with a loading confirm until the action succeeds, then closes', async () => {
    const call = deferred();
    const dialog = await open({ onConfirm: () => call.promise });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Quest' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete Quest' })).toHaveAttribute('data-loading'),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    call.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a failure inside the dialog, titled and worded as told, and lets the user try again', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('Quest not found'))
      .mockResolvedValueOnce();
    const dialog = await open({
      onConfirm,
      failure: (error) => `Delete failed: ${error.message}`,
      failureTitle: 'Quest not deleted',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Quest' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Quest not deleted')).toBeInTheDocument();
    expect(within(alert).getByText('Delete failed: Quest not found')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Quest' });
    expect(confirm).not.toHaveAttribute('data-loading');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
