import type { Page } from '@playwright/test';

/**
 * What makes a phone screen scroll sideways: nothing when the page fits its width, otherwise the outermost
 * elements that reach past the right edge (a scroll container's own content does not count).
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const past = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    return past
      .filter((element) => !past.includes(element.parentElement as HTMLElement))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${element.textContent?.slice(0, 60)}`,
      );
  });
}
