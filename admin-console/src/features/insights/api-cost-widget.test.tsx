import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Schema } from '@cityquest/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, setupApi, signInAs } from '../../test-support/render-app.tsx';

type ApiUsage = Schema<'ApiUsage'>;

function aUsage(today: number, month: number, level: ApiUsage['level']): ApiUsage {
  return {
    days: [{ date: '2026-11-20', calls: { reverse: 40, places: 1200, directions: 15 }, cost: today }],
    totals: { calls: 1255, cost: today },
    monthly: { cost: month, warning: month > 10 },
    level,
  };
}

let api: ReturnType<typeof setupApi>;
let usageQueries: Record<string, string>[];

function serveUsage(answer: () => { status: number; body: unknown }) {
  usageQueries = [];
  api.on('GET', '/admin/api-usage', (request) => {
    usageQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return answer();
  });
}

const usageCalls = () => api.calls.filter((call) => call.path === '/admin/api-usage');

/** The super dashboard makes no calls of its own, so only the widget talks to the server there. */
async function openPage(path = '/admin/super-dashboard') {
  signInAs('super_admin');
  renderApp(path);
  return screen.findByRole('region', { name: 'Maps API cost' });
}

const toggle = (widget: HTMLElement) => within(widget).getByRole('button', { name: /^Maps API cost/ });

beforeEach(() => {
  api = setupApi();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('API cost widget', () => {
  it.each([
    [0.42, 'low', 'Low', '$0.42'],
    [2.5, 'medium', 'Medium', '$2.50'],
    [7.215, 'high', 'High', '$7.215'],
  ] as const)('shows %s dollars today as the %s level', async (today, level, label, shown) => {
    serveUsage(() => ok(aUsage(today, 8, level)));
    const widget = await openPage();
    const button = toggle(widget);
    await waitFor(() => expect(button).toHaveTextContent(`${shown} today`));
    expect(button).toHaveTextContent(`Cost level: ${label}`);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(widget).queryByText("This month's estimated cost is above $10.")).toBeNull();
    expect(usageQueries[0]).toEqual({ days: '1' });
  });

  it("opens to today's and this month's cost and the calls, and folds again", async () => {
    serveUsage(() => ok(aUsage(0.42, 3.1, 'low')));
    const widget = await openPage();
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('$0.42 today'));
    await userEvent.click(toggle(widget));
    expect(toggle(widget)).toHaveAttribute('aria-expanded', 'true');
    expect(within(widget).getByText('Today').nextSibling).toHaveTextContent('$0.42');
    expect(within(widget).getByText('This month').nextSibling).toHaveTextContent('$3.10');
    expect(within(widget).getByText('Place search').nextSibling).toHaveTextContent('1,200');
    expect(within(widget).getByText('Reverse geocoding').nextSibling).toHaveTextContent('40');
    expect(within(widget).getByText('Walking directions').nextSibling).toHaveTextContent('15');
    await userEvent.click(toggle(widget));
    expect(toggle(widget)).toHaveAttribute('aria-expanded', 'false');
    expect(within(widget).queryByText('This month')).toBeNull();
  });

  it('warns when this month is above $10', async () => {
    serveUsage(() => ok(aUsage(0.8, 10.5, 'low')));
    const widget = await openPage();
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('Over $10 this month'));
    await userEvent.click(toggle(widget));
    expect(within(widget).getByText("This month's estimated cost is above $10.")).toBeInTheDocument();
  });

  it('does not warn at exactly $10', async () => {
    serveUsage(() => ok(aUsage(0.8, 10, 'low')));
    const widget = await openPage();
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('$0.80 today'));
    expect(toggle(widget)).not.toHaveTextContent('Over $10 this month');
  });

  it('is operated from the keyboard', async () => {
    serveUsage(() => ok(aUsage(0.42, 3.1, 'low')));
    const widget = await openPage();
    toggle(widget).focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle(widget)).toHaveAttribute('aria-expanded', 'true');
    expect(await within(widget).findByText('This month')).toBeInTheDocument();
    await userEvent.keyboard(' ');
    expect(toggle(widget)).toHaveAttribute('aria-expanded', 'false');
  });

  it('refreshes every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let today = 0.42;
    serveUsage(() => ok(aUsage(today, 3.1, today < 1 ? 'low' : 'medium')));
    const widget = await openPage();
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('$0.42 today'));
    expect(usageCalls()).toHaveLength(1);
    today = 1.25;
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(usageCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('$1.25 today'));
    expect(toggle(widget)).toHaveTextContent('Cost level: Medium');
    expect(usageCalls()).toHaveLength(2);
  });

  it('does not refresh while the tab is hidden, and catches up when it shows again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveUsage(() => ok(aUsage(0.42, 3.1, 'low')));
    const widget = await openPage();
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('$0.42 today'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(usageCalls()).toHaveLength(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(usageCalls().length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's message when the usage cannot be read, and retries", async () => {
    let failing = true;
    serveUsage(() => (failing ? fail(503, 'Usage store offline') : ok(aUsage(0.1, 0.1, 'low'))));
    const widget = await openPage();
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('Usage unavailable'));
    await userEvent.click(toggle(widget));
    expect(within(widget).getByText('Usage store offline')).toBeInTheDocument();
    failing = false;
    await userEvent.click(within(widget).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(toggle(widget)).toHaveTextContent('$0.10 today'));
  });

  it('has a place of its own above the screen, so it never lies over the content', async () => {
    serveUsage(() => ok(aUsage(0.42, 3.1, 'low')));
    const widget = await openPage();
    const main = screen.getByRole('main');
    const heading = await within(main).findByRole('heading', { level: 1 });
    expect(main).toContainElement(widget);
    // Before the screen in the page's flow, not placed over it.
    expect(widget.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(widget).not.toContainElement(heading);
    for (let node: HTMLElement | null = widget; node && node !== main; node = node.parentElement) {
      expect(getComputedStyle(node).position).not.toMatch(/fixed|absolute|sticky/);
    }
    // jsdom does not apply the CSS module, so its rules are read: nothing takes the widget out of the flow.
    const widgetStyles = readFileSync(join(import.meta.dirname, 'api-cost-widget.module.css'), 'utf8');
    expect(widgetStyles).not.toMatch(/position\s*:\s*(fixed|absolute|sticky)/);
    expect(widgetStyles).not.toMatch(/\b(inset|top|bottom|z-index)\s*:/);
  });

  it('sits on every admin page, and the dashboard card shares its one call', async () => {
    serveUsage(() => ok(aUsage(2.5, 12, 'medium')));
    signInAs('admin');
    renderApp('/admin/dashboard');
    const card = await screen.findByRole('region', { name: 'API cost monitor' });
    expect(await within(card).findByText('Cost level: Medium')).toBeInTheDocument();
    expect(within(card).getByText("This month's estimated cost is above $10.")).toBeInTheDocument();
    expect(within(card).getByText('This month').nextSibling).toHaveTextContent('$12.00');
    expect(screen.getByRole('region', { name: 'Maps API cost' })).toBeInTheDocument();
    expect(usageCalls()).toHaveLength(1);
  });
});
