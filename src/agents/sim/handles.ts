import type { JsonSchema } from '../../catalogue/catalogue-types.ts';
import { normalizeName } from './arguments.ts';

/**
 * State that rides in the arguments (ARCHITECTURE.md section 4): the flat fields of earlier results'
 * structured content ("negotiation_id", "ask", "status"), newest value winning.
 */
export type ResultMemory = Record<string, string | number | boolean>;

export function remember(memory: ResultMemory, structured: Record<string, unknown> | undefined): void {
  for (const [key, value] of Object.entries(structured ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') memory[key] = value;
  }
}

/** True when the fields include a handle: an identifier a later call must send back ("…_id"). */
export function carriesHandle(structured: Record<string, unknown> | undefined): boolean {
  return Object.entries(structured ?? {}).some(([key, value]) => /(?:^|_)id$/i.test(key) && typeof value === 'string');
}

/** Parameters the plan left empty take a remembered field of the same name (file_path = filePath). */
export function fillFromMemory(args: Record<string, unknown>, schema: JsonSchema, memory: ResultMemory): Record<string, unknown> {
  const filled = { ...args };
  const remembered = Object.keys(memory);
  for (const param of Object.keys(schema.properties ?? {})) {
    if (param in filled) continue;
    const key = remembered.find((k) => k === param) ?? remembered.find((k) => normalizeName(k) === normalizeName(param));
    if (key !== undefined) filled[param] = memory[key];
  }
  return filled;
}
