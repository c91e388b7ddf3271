import { aUser } from '@cityquest/contract/testing/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../lib/i18n.ts';
import { fail, ok, renderApp, setupApi, signIn } from '../../test-support/render-app.tsx';

let api: ReturnType<typeof setupApi>;
const me = aUser();
const ravi = {
  _id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82',
  username: 'ravi',
  fullName: 'Ravi Kumar',
  avatar: null,
};
const mira = {
  _id: '3c4d5e6f-7081-4a92-8b3c-4d5e6f7a8b93',
  username: 'mira',
  fullName: 'Mira Das',
  avatar: null,
};
const page = (total: string) => ({
  currentPage: 1,
  totalPages: 1,
  [total]: 1,
  hasNextPage: false,
  hasPreviousPage: false,
});
const friendsPage = page('totalFriends');
const requestsPage = page('totalRequests');
const usersPage = { ...page('totalUsers'), totalCapped: false };
const request = {
  _id: '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f31',
  from: { ...mira, level: 2 },
  to: { _id: me._id, username: me.username, fullName: me.fullName, avatar: null, level: 1 },
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  respondedAt: null,
};
const friend = { ...mira, bio: '', status: 'Online', friendsSince: '2026-11-21T10:00:00.000Z' };

beforeAll(() => loadNamespaces('profile'));
beforeEach(async () => {
  api = setupApi();
  api.on('POST', '/users/login', () => ok({ user: me, accessToken: 'a', refreshToken: 'r' }));
  await signIn();
  await i18n.changeLanguage('en');
});

const posts = (path: string) => api.calls.filter((call) => call.method !== 'GET' && call.path === path);

describe('Friends', () => {
  it('finds a person, sends a request and accepts a pending one', async () => {
    let accepted = false;
    let asked = false;
    const toRavi = { ...request, from: request.to, to: { ...ravi, level: 4 } };
    api.on('GET', '/friends/my-friends', () =>
      ok({ friends: accepted ? [friend] : [], pagination: friendsPage }),
    );
    api.on('GET', '/friends/pending-requests', () =>
      ok({ requests: accepted ? [] : [request], pagination: requestsPage }),
    );
    api.on('GET', '/friends/sent-requests', () =>
      ok({ requests: asked ? [toRavi] : [], pagination: requestsPage }),
    );
    api.on('GET', '/users/search', () =>
      ok({
        users: [{ ...ravi, level: 4, friendship: asked ? 'request_sent' : 'none' }],
        pagination: usersPage,
      }),
    );
    api.on('POST', '/friends/send-request', () => {
      asked = true;
      return ok(toRavi);
    });
    api.on('POST', '/friends/respond-request', () => {
      accepted = true;
      return ok({ ...request, status: 'accepted' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/friends');
    expect(await screen.findByRole('heading', { name: 'Friends', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No friends found')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), ' rav ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(router.state.location.search).toEqual({ username: 'rav' });
    await waitFor(() => expect(posts('/friends/send-request')).toHaveLength(1));
    expect(posts('/friends/send-request')[0]?.body).toEqual({ userId: ravi._id });
    // The result and the sent list follow at once.
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    const sentList = screen.getByRole('region', { name: 'Sent requests' });
    expect(await within(sentList).findByText('@ravi')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts('/friends/respond-request')).toHaveLength(1));
    expect(posts('/friends/respond-request')[0]?.body).toEqual({ requestId: request._id, accept: true });
    const myFriends = screen.getByRole('region', { name: 'My friends' });
    expect(await within(myFriends).findByText('Online')).toBeInTheDocument();
  });

  it('removes a friend only after confirmation', async () => {
    api.on('GET', '/friends/my-friends', () =>
      ok({ friends: [{ ...friend, status: 'Offline' }], pagination: friendsPage }),
    );
    api.on('GET', '/friends/pending-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('GET', '/friends/sent-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('DELETE', `/friends/remove/${mira._id}`, () => ok({ _id: mira._id }));
    const user = userEvent.setup();
    renderApp('/friends');
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove Mira Das from your friends?')).toBeInTheDocument();
    expect(posts(`/friends/remove/${mira._id}`)).toHaveLength(0);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(posts(`/friends/remove/${mira._id}`)).toHaveLength(1));
  });

  it('cancels a request the explorer sent', async () => {
    let withdrawn = false;
    const mine = { ...request, from: request.to, to: { ...ravi, level: 4 } };
    api.on('GET', '/friends/my-friends', () => ok({ friends: [], pagination: friendsPage }));
    api.on('GET', '/friends/pending-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('GET', '/friends/sent-requests', () =>
      ok({ requests: withdrawn ? [] : [mine], pagination: requestsPage }),
    );
    api.on('DELETE', `/friends/remove/${ravi._id}`, () => {
      withdrawn = true;
      return ok({ _id: ravi._id });
    });
    const user = userEvent.setup();
    renderApp('/friends');
    const sentList = await screen.findByRole('region', { name: 'Sent requests' });
    await user.click(
      await within(sentList).findByRole('button', { name: `Cancel the request to ${ravi.username}` }),
    );
    await waitFor(() => expect(posts(`/friends/remove/${ravi._id}`)).toHaveLength(1));
    expect(await within(sentList).findByText('No sent requests')).toBeInTheDocument();
  });

  it('keeps the search in the address, so a refresh or a shared link shows the same results', async () => {
    api.on('GET', '/friends/my-friends', () => ok({ friends: [], pagination: friendsPage }));
    api.on('GET', '/friends/pending-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('GET', '/friends/sent-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('GET', '/users/search', (req) =>
      ok({
        users:
          new URL(req.url).searchParams.get('username') === 'rav'
            ? [{ ...ravi, level: 4, friendship: 'friends' }]
            : [],
        pagination: usersPage,
      }),
    );
    const { router } = renderApp('/friends?username=rav');
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Friends', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('rav');

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    router.history.back();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('rav');
  });

  it('shows why an action failed', async () => {
    api.on('GET', '/friends/my-friends', () => ok({ friends: [friend], pagination: friendsPage }));
    api.on('GET', '/friends/pending-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('GET', '/friends/sent-requests', () => ok({ requests: [], pagination: requestsPage }));
    api.on('POST', `/friends/block/${mira._id}`, () => fail(404, 'User not found'));
    const user = userEvent.setup();
    renderApp('/friends');
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });
});
