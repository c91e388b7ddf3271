import { Alert, Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { placeErrors, placeOnForm } from './form-errors.ts';
import { renderUi } from './testing/render-ui.tsx';

function ReasonForm({ refusal }: { refusal: unknown }) {
  const form = useForm({ initialValues: { reason: '' } });
  const [banner, setBanner] = useState<string | null>(null);
  return (
    <form onSubmit={form.onSubmit(() => setBanner(placeErrors(form, refusal, 'Could not save')))}>
      {banner && <Alert role="alert">{banner}</Alert>}
      <TextInput label="Reason" {...form.getInputProps('reason')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

async function submit(refusal: unknown) {
  renderUi(<ReasonForm refusal={refusal} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
}

describe('placeErrors', () => {
  it("shows a field's problem under that field and no banner", async () => {
    await submit(new ApiError('Invalid input', 400, [{ field: 'reason', message: 'Too short' }]));
    expect(await screen.findByText('Too short')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Too short');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the message above the form when a problem names a field the form does not have', async () => {
    await submit(
      new ApiError('Invalid input', 400, [
        { field: 'reason', message: 'Too short' },
        { field: 'version', message: 'Stale' },
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid input');
    expect(screen.getByText('Too short')).toBeInTheDocument();
  });

  it('shows the fallback when the failure has no message', async () => {
    await submit(new Error(''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');
  });
});

describe('placeOnForm', () => {
  it('places nothing for no error', () => {
    expect(placeOnForm(null, () => true)).toEqual({ fields: {}, banner: null });
  });
});
