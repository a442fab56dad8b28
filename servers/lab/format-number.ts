const SIGNIFICANT_DIGITS = 12;

/**
 * Formats a result the way a person would write it: exact for safe integers, otherwise rounded
 * to 12 significant digits without trailing zeros, so float noise disappears (0.1 + 0.2 -> "0.3").
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot format ${value}`);
  if (Number.isSafeInteger(value)) return String(value === 0 ? 0 : value);
  const rounded = Number(value.toPrecision(SIGNIFICANT_DIGITS));
  return String(rounded === 0 ? 0 : rounded);
}
