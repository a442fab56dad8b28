/**
 * Every number written in a text, in order. Thousands separators ("69,504") are read as one number;
 * a date like 2026-09-01 yields 2026, 9 and 1 (hyphens between digits are not minus signs).
 */
export function numbersIn(text: string): number[] {
  const found: number[] = [];
  const pattern = /(?<![\w.])(-)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:[eE]([+-]?\d+))?/g;
  for (const m of text.matchAll(pattern)) {
    const minusIsSign = m[1] === '-' && (m.index === 0 || !/[\w)]/.test(text[m.index - 1] ?? ''));
    const digits = (m[2] ?? '').replace(/,/g, '') + (m[3] ?? '') + (m[4] === undefined ? '' : `e${m[4]}`);
    const value = Number(digits);
    if (Number.isFinite(value)) found.push(minusIsSign ? -value : value);
  }
  return found;
}
