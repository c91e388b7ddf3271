import { aUser } from '@cityquest/contract/testing/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { starLabel } from '../../test-support/rating.ts';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
  signInAs(aUser());
});

describe('Provide Feedback', () => {
  it('asks for a rating or a comment, then sends the category, rating and comments and thanks the user', async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/feedback', () => ok({ _id: 'b7f0c1de-0000-4000-8000-000000000002' }));
    renderApp('/provide-feedback');
    const send = await screen.findByRole('button', { name: 'Send Feedback' });
    await user.click(send);
    expect(screen.getByLabelText('Comments')).toHaveAccessibleDescription(
      expect.stringContaining('Please give a rating or a comment.'),
    );
    const posted = () => api.calls.filter((call) => call.path === '/users/feedback');
    expect(posted()).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Category'), 'feature_request');
    await user.click(starLabel('4 stars'));
    await user.type(screen.getByLabelText('Comments'), '  Night walks, please  ');
    await user.click(send);
    expect(await screen.findByText('Your feedback helps us make CityQuest better.')).toBeInTheDocument();
    expect(posted()[0]?.body).toEqual({
      category: 'feature_request',
      rating: 4,
      comments: 'Night walks, please',
    });
  });

  it("shows the server's message when it refuses", async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/feedback', () =>
      fail(429, 'You have reached the limit of 10 feedback messages per account per 24 hours.'),
    );
    renderApp('/provide-feedback');
    await user.type(await screen.findByLabelText('Comments'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('limit of 10 feedback messages');
  });
});
