// Identity and size of a description version: a content hash that ignores key order, the id
// derived from it, and the o200k_base token count providers are billed by.
import { createHash } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** The map as JSON with keys in code-unit order, so equal maps always serialise identically. */
export function canonicalJson(descriptions: Record<string, string>): string {
  const entries = Object.entries(descriptions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([tool, text]) => `${JSON.stringify(tool)}:${JSON.stringify(text)}`).join(',')}}`;
}

/** sha256 (hex) of the canonical JSON. */
export function contentHash(descriptions: Record<string, string>): string {
  return createHash('sha256').update(canonicalJson(descriptions)).digest('hex');
}

export function versionId(server: string, hash: string): string {
  return `${server}-${hash.slice(0, 10)}`;
}

/**
 * Sum of the o200k_base token counts of every description. Text that looks like a special token
 * (e.g. `<|endoftext|>`) is counted as the plain text a provider would render, not rejected.
 */
export function countDescriptionTokens(descriptions: Record<string, string>): number {
  let total = 0;
  for (const text of Object.values(descriptions)) total += countTokens(text, { disallowedSpecial: new Set() });
  return total;
}
