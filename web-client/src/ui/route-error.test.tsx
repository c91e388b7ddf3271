import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.ts';
import { RouteError } from './route-error.tsx';
import { renderUi } from './testing/render-ui.tsx';

describe('RouteError', () => {
  it('shows the server message and a Try Again button that reloads the screen', async () => {
    const { router } = renderUi(
      <RouteError error={new ApiError('The server is resting', 500)} reset={() => {}} notFound={null} />,
    );
    const invalidate = vi.spyOn(router, 'invalidate');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('The server is resting')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(invalidate).toHaveBeenCalled();
  });

  it("shows the app's Page Not Found for a 404", async () => {
    renderUi(
      <RouteError
        error={new ApiError('Quest not found', 404)}
        reset={() => {}}
        notFound={<h1>Page Not Found</h1>}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });
});
