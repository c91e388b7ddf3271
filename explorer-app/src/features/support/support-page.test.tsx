import { aUser } from '@cityquest/contract/testing/users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n.ts';
import { renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
beforeEach(() => {
  api = setupApi();
});
afterEach(async () => {
  await applyLanguage('en');
});

async function openSupport() {
  const view = renderApp('/support');
  await screen.findByRole('heading', { level: 1, name: 'CityQuest Support' });
  return { ...view, main: within(screen.getByRole('main')) };
}

function sectionNamed(name: string) {
  return screen.getByRole('region', { name });
}

describe('public support page', () => {
  it('shows the status line, the getting-started steps in order and the help buttons', async () => {
    const { main } = await openSupport();
    expect(main.getByText('All systems are under development')).toBeInTheDocument();

    const steps = within(sectionNamed('Getting started')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Sign up',
      'Verify your email',
      'Pick a quest',
      'Walk it and upload proofs',
      'Earn xp and badges',
    ]);

    const help = within(sectionNamed('Still need help?'));
    expect(help.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(help.getByRole('link', { name: 'Report a Bug' })).toHaveAttribute('href', '/report-bug');
    expect(help.getByText('Support hours: Mon-Fri, 10am-5pm')).toBeInTheDocument();
    expect(help.getByText(/replies within 24-48 hours/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('invites visitors to sign up or log in, and sends them to the help chatbot and the login for the Help Center', async () => {
    const { main } = await openSupport();
    const join = within(sectionNamed('New to CityQuest?'));
    expect(join.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(join.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(main.getByRole('link', { name: 'Log in for the Help Center' })).toHaveAttribute('href', '/login');

    fireEvent.click(main.getByRole('button', { name: 'Chat with Us' }));
    const chat = await screen.findByRole('dialog', { name: 'CityQuest Guide' });
    expect(
      within(chat).getByText("Hi! I'm the CityQuest Guide. What would you like to know?"),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(chat).getByRole('textbox', { name: 'Message' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Open help chat' })).toBeNull();
  });

  it('hides the sign-up and login prompts from signed-in explorers and links them to live chat and the Help Center', async () => {
    signInAs(aUser());
    const { main } = await openSupport();
    expect(screen.queryByRole('region', { name: 'New to CityQuest?' })).toBeNull();
    expect(main.queryByRole('link', { name: 'Sign Up' })).toBeNull();
    expect(main.queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(main.getByRole('link', { name: 'Chat with Us' })).toHaveAttribute('href', '/chat-support');
    expect(main.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
  });
});

describe('the assistant', () => {
  it('answers a question from the knowledge base and the FAQ as the visitor types, without a network call', async () => {
    await openSupport();
    const assistant = within(sectionNamed('Ask our assistant'));
    fireEvent.change(assistant.getByRole('textbox', { name: 'Ask a question' }), {
      target: { value: 'how many quests can I have at once' },
    });
    const answer = await assistant.findByRole('article', { name: 'How many quests can I play at once?' });
    expect(
      within(answer).getByText('Up to 3 ongoing quests. Complete or abandon one to start another.'),
    ).toBeVisible();
    expect(assistant.getByRole('article', { name: 'Playing up to 3 quests at once' })).toBeInTheDocument();
    expect(assistant.getByRole('status')).toHaveTextContent(
      /answers for “how many quests can I have at once”/,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('clears the answers when the question is erased', async () => {
    await openSupport();
    const assistant = within(sectionNamed('Ask our assistant'));
    const input = assistant.getByRole('textbox', { name: 'Ask a question' });
    fireEvent.change(input, { target: { value: 'badges' } });
    expect(await assistant.findByRole('article', { name: 'Earning badges' })).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(assistant.queryAllByRole('article')).toHaveLength(0));
    expect(assistant.getByRole('status')).toBeEmptyDOMElement();
    expect(assistant.getByRole('button', { name: 'When do I level up?' })).toBeInTheDocument();
  });

  it('answers at once on submit, with the level rule', async () => {
    await openSupport();
    const assistant = within(sectionNamed('Ask our assistant'));
    const input = assistant.getByRole('textbox', { name: 'Ask a question' });
    fireEvent.change(input, { target: { value: 'level up' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    const answer = assistant.getByRole('article', { name: 'When do I level up?' });
    expect(within(answer).getByText(/1,250 xp puts you at level 3/)).toBeInTheDocument();
  });

  it('runs a suggested question', async () => {
    await openSupport();
    const assistant = within(sectionNamed('Ask our assistant'));
    fireEvent.click(assistant.getByRole('button', { name: 'Who checks my proofs?' }));
    expect(assistant.getByRole('textbox', { name: 'Ask a question' })).toHaveValue('Who checks my proofs?');
    const answer = assistant.getByRole('article', { name: 'Who checks my proofs?' });
    expect(within(answer).getByText(/moderators review every proof photo/)).toBeInTheDocument();
  });

  it('says when nothing matches and offers Contact Us', async () => {
    await openSupport();
    const assistant = within(sectionNamed('Ask our assistant'));
    const input = assistant.getByRole('textbox', { name: 'Ask a question' });
    fireEvent.change(input, { target: { value: 'parachute rental' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(assistant.getByRole('status')).toHaveTextContent('No answers found for “parachute rental”');
    expect(assistant.queryAllByRole('article')).toHaveLength(0);
    expect(assistant.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  });

  it('searches in the visitor’s language', async () => {
    await applyLanguage('es');
    renderApp('/support');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Soporte de CityQuest' });
    expect(heading).toBeInTheDocument();
    const assistant = within(sectionNamed('Pregunta a nuestro asistente'));
    const input = assistant.getByRole('textbox', { name: 'Haz una pregunta' });
    fireEvent.change(input, { target: { value: '¿Cómo consigo insignias?' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(assistant.getByRole('article', { name: 'Conseguir insignias' })).toBeInTheDocument();
    expect(screen.getByText('Todos los sistemas están en desarrollo')).toBeInTheDocument();
  });
});

describe('knowledge base and FAQ', () => {
  it('filters the knowledge base by topic', async () => {
    await openSupport();
    const kb = within(sectionNamed('Knowledge base'));
    expect(kb.getByRole('status')).toHaveTextContent('Showing 11 articles');
    fireEvent.click(kb.getByRole('radio', { name: 'Friends & community' }));
    expect(kb.getByRole('status')).toHaveTextContent('Showing 2 articles');
    expect(
      kb.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent),
    ).toEqual(['Adding friends', 'Rating and reviewing quests']);
    fireEvent.click(kb.getByRole('radio', { name: 'All topics' }));
    expect(kb.getAllByRole('article')).toHaveLength(11);
  });

  it('keeps one FAQ section open at a time', async () => {
    await openSupport();
    const faq = within(sectionNamed('Frequently asked questions'));
    const gettingStarted = faq.getByRole('button', { name: /Getting started/ });
    const account = faq.getByRole('button', { name: /Account & privacy/ });
    expect(gettingStarted).toHaveAttribute('aria-expanded', 'true');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(gettingStarted).toHaveAttribute('aria-expanded', 'false');
    expect(await faq.findByRole('heading', { name: 'How do I delete my account?' })).toBeVisible();
    expect(faq.queryByRole('heading', { name: 'Is CityQuest free?' })).toBeNull();
  });
});
