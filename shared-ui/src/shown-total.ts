/**
 * A list's total as screens show it: "1,000+" when the server stopped counting (`totalCapped`,
 * docs/product-rules/api-shapes.md#lists-and-pagination), with the locale's digit grouping.
 */
export function shownTotal(total: number, capped: boolean, locale?: string): string {
  const shown = new Intl.NumberFormat(locale).format(total);
  return capped ? `${shown}+` : shown;
}
