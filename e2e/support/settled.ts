import { expect, type Page, type Request } from '@playwright/test';

/** What the SPAs show while they load: a busy region, a spinner or a skeleton. */
const LOADING = '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible]';
const QUIET_MS = 500;
const QUIET_LIMIT_MS = 15_000;

/**
 * Waits until the page has had no http request of its own in flight for half a second, then until what is on screen
 * is content rather than a loading state (which also covers a request already under way when the wait began).
 *
 * Not Playwright's 'networkidle': in one CI run it waited out a whole test (eight minutes) on the proof page, whose
 * photo preview is a blob: URL, and said nothing of what it waited for. Here only http(s) requests count, and one
 * still open after 15 s fails the test with its address instead of hanging it.
 */
export async function settled(page: Page) {
  await networkQuiet(page);
  await expect
    .poll(() => page.evaluate(loadingOnScreen, LOADING), { message: 'loading states on screen' })
    .toBe(0);
}

/** Off screen a map stays a busy placeholder until it is scrolled near (LazyQuestMap), so only what is seen counts. */
function loadingOnScreen(selector: string) {
  return Array.from(document.querySelectorAll(selector)).filter((element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < innerHeight &&
      box.left < innerWidth
    );
  }).length;
}

const LIVE_STREAM = /\/api\/v1\/events(\?|$)/;

async function networkQuiet(page: Page) {
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    if (!/^https?:/.test(request.url())) return;
    // The live event stream stays open as long as the page is signed in: it never finishes by design.
    if (LIVE_STREAM.test(request.url())) return;
    pending.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    if (pending.delete(request)) lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect
      .poll(
        () => {
          if (pending.size) return `in flight: ${[...pending].map(urlOf).join(', ')}`;
          return Date.now() - lastActivity >= QUIET_MS ? 'quiet' : 'just finished';
        },
        { message: 'the page’s requests to finish', timeout: QUIET_LIMIT_MS, intervals: [100] },
      )
      .toBe('quiet');
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

function urlOf(request: Request) {
  return `${request.method()} ${request.url()}`;
}
