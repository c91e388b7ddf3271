import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, renderApp, setupApi } from '../../test-support/render-app.tsx';
import { firstBugReportProblem } from './report-bug-page.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});

describe('Contact Us', () => {
  it('asks for every required field, then for 10 characters, then sends', async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/contact-us', () => ok({ _id: 'b7f0c1de-0000-4000-8000-000000000001' }));
    renderApp('/contact-us');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    // The first blank field says why; every blank one is marked.
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Please fill in all required fields.');
    for (const label of [/^Name/, /^Email/, /^Message/])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/^Name/), 'Asha');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'too short');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription(
      'Message must be at least 10 characters long.',
    );
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText(/^Message/), ' but now long enough');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your message has been sent');
    expect(api.calls[0]?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'General Inquiry',
      message: 'too short but now long enough',
    });
  });

  it('shows the server message, else the fallback', async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/contact-us', () => ({ status: 500, body: {} }));
    renderApp('/contact-us');
    await user.type(await screen.findByLabelText(/^Name/), 'Asha');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'A long enough message');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
  });

  it("puts the server's objection to a field under that field", async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/contact-us', () => ({
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'email', message: 'Please provide a valid email address' }],
      },
    }));
    renderApp('/contact-us');
    await user.type(await screen.findByLabelText(/^Name/), 'Asha');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example');
    await user.type(screen.getByLabelText(/^Message/), 'A long enough message');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
        'Please provide a valid email address',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Report a Bug', () => {
  it('checks the fields in the documented order', () => {
    const empty = {
      email: '',
      subject: '',
      description: '',
      stepsToReproduce: '',
      expectedBehavior: '',
      actualBehavior: '',
    };
    const problem = (values: typeof empty) => {
      const found = firstBugReportProblem(values);
      return found && `${found.field}: ${found.key}`;
    };
    expect(problem(empty)).toBe('email: bugReport.emailRequired');
    expect(problem({ ...empty, email: 'nope' })).toBe('email: bugReport.emailInvalid');
    expect(problem({ ...empty, email: 'a@b.co' })).toBe('subject: bugReport.subjectRequired');
    expect(problem({ ...empty, email: 'a@b.co', subject: 's' })).toBe(
      'description: bugReport.descriptionRequired',
    );
    expect(problem({ ...empty, email: 'a@b.co', subject: 's', description: 'd' })).toBe(
      'stepsToReproduce: bugReport.stepsRequired',
    );
    expect(
      problem({
        ...empty,
        email: 'a@b.co',
        subject: 's',
        description: 'd',
        stepsToReproduce: '1',
      }),
    ).toBeNull();
  });

  it('shows the first problem under its field', async () => {
    const user = userEvent.setup();
    renderApp('/report-bug');
    await user.type(await screen.findByLabelText(/^Your Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit Bug Report' }));
    expect(screen.getByLabelText(/^Your Email/)).toHaveAccessibleDescription(
      'Please provide a valid email address',
    );
    expect(screen.getByLabelText(/^Subject/)).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the report with attachments, which can be removed first', async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/report-bug', () =>
      ok({ _id: 'b7f0c1de-0000-4000-8000-000000000002' }, 'Bug report received'),
    );
    renderApp('/report-bug');
    await user.type(await screen.findByLabelText(/^Your Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Subject/), 'Map is blank');
    await user.type(screen.getByLabelText(/^Description/), 'The map stays grey');
    await user.type(screen.getByLabelText(/^Steps to Reproduce/), 'Open Explore');
    const picker = screen.getByLabelText(/^Attachments/);
    await user.upload(picker, [
      new File(['a'], 'one.png', { type: 'image/png' }),
      new File(['b'], 'two.png', { type: 'image/png' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove one.png' }));
    expect(screen.queryByText('one.png')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bug Report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bug report received');
    const form = api.calls[0]?.body as FormData;
    expect(form.get('subject')).toBe('Map is blank');
    expect(form.getAll('attachments')).toHaveLength(1);
  });

  it('shows the server message on failure', async () => {
    const user = userEvent.setup();
    api.on('POST', '/users/report-bug', () => fail(415, 'Only PNG, JPEG, WebP or GIF images are accepted'));
    renderApp('/report-bug');
    await user.type(await screen.findByLabelText(/^Your Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Subject/), 'x');
    await user.type(screen.getByLabelText(/^Description/), 'x');
    await user.type(screen.getByLabelText(/^Steps to Reproduce/), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit Bug Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only PNG, JPEG, WebP or GIF images are accepted',
    );
  });
});
