/** A call's arguments as an object; undefined when they are not one, or were clipped by the dataset cap. */
function argumentsOf(args: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function stringValues(args: string): string[] {
  return Object.values(argumentsOf(args) ?? {}).filter((v): v is string => typeof v === 'string');
}

const isEmptyValue = (v: unknown) => v === null || v === '' || (typeof v === 'object' && Object.keys(v).length === 0);

/** Whether the arguments are whole and give at least one value: an example of `{}` shows nothing to copy. */
export function showsArguments(args: string): boolean {
  return Object.values(argumentsOf(args) ?? {}).some((v) => !isEmptyValue(v));
}
