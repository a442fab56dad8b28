// Identity and size of a description version: a content hash that ignores key order, the id
// derived from it, and the o200k_base token count providers are billed by.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

type CountTokens = (text: string, options: { disallowedSpecial: Set<string> }) => number;
let tokenCounter: CountTokens | undefined;

/** The o200k_base tables take a noticeable share of every command's start-up: loaded on the first count only. */
function countTokens(text: string, options: { disallowedSpecial: Set<string> }): number {
  tokenCounter ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }).countTokens;
  return tokenCounter(text, options);
}

/** The map as JSON with keys in code-unit order, so equal maps always serialise identically. */
export function canonicalJson(descriptions: Record<string, string>): string {
  const entries = Object.entries(descriptions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([tool, text]) => `${JSON.stringify(tool)}:${JSON.stringify(text)}`).join(',')}}`;
}

/** sha256 (hex) of the canonical JSON. */
export function contentHash(descriptions: Record<string, string>): string {
  return createHash('sha256').update(canonicalJson(descriptions)).digest('hex');
}

/**
 * The longest description tdo reads (advertised, imported or recorded): far above any a model should
 * read, and a bound on what a hostile server can make the host, the proxy and import work through.
 */
export const MAX_DESCRIPTION_CHARS = 32_768;

export function versionId(server: string, hash: string): string {
  return `${server}-${hash.slice(0, 10)}`;
}

/**
 * Sum of the o200k_base token counts of every description. Text that looks like a special token
 * (e.g. `<|endoftext|>`) is counted as the plain text a provider would render, not rejected.
 */
export function countDescriptionTokens(descriptions: Record<string, string>): number {
  let total = 0;
  for (const text of Object.values(descriptions)) total += countTextTokens(text);
  return total;
}

/** Longest piece handed to the tokenizer at once; its BPE merge is quadratic in the length of a piece. */
const COUNT_CHUNK_CHARS = 1024;

/**
 * Counted in chunks so the time is linear in the length. A chunk ends before a space that follows
 * a non-space and precedes a letter: the tokenizer never joins across that point, so prose is counted
 * exactly. Only a run of 1024 characters without such a point is cut blindly (a token or two off).
 */
function countTextTokens(text: string): number {
  let total = 0;
  for (let start = 0; start < text.length;) {
    const end = chunkEnd(text, start);
    total += countTokens(text.slice(start, end), { disallowedSpecial: new Set() });
    start = end;
  }
  return total;
}

function chunkEnd(text: string, start: number): number {
  const limit = start + COUNT_CHUNK_CHARS;
  if (limit >= text.length) return text.length;
  for (let i = limit; i > start + 1; i--) {
    if (text[i] === ' ' && !/\s/.test(text[i - 1]!) && /\p{L}/u.test(text[i + 1] ?? '')) return i;
  }
  // never split a surrogate pair
  const code = text.charCodeAt(limit);
  return code >= 0xdc00 && code <= 0xdfff ? limit - 1 : limit;
}
