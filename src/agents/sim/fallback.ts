import type { CatalogueTool } from '../../catalogue/catalogue-types.ts';
import { BoundedMap, memoized } from './memo.ts';
import type { RankedTool } from './rank.ts';
import { words } from '../../text/words.ts';

export interface FallbackChoice {
  name: string;
  reason: 'named in the error' | 'next best';
}

/**
 * The one retry after an error result: the best-ranked tool the error text names, by catalogue name
 * or by its own name on its server ("use calculator instead"), else the next-best ranked tool.
 * Never the tool that just failed; undefined when there is no other.
 */
export function chooseFallback(ranked: readonly RankedTool[], tools: readonly CatalogueTool[], failed: string, errorText: string): FallbackChoice | undefined {
  const others = ranked.filter((t) => t.name !== failed);
  const errorWords = ` ${words(errorText).join(' ')} `;
  const mentions = (name: string) => errorWords.includes(spacedWords(name));
  const named = others.find((ranked) => {
    const tool = tools.find((t) => t.name === ranked.name);
    return mentions(ranked.name) || (tool !== undefined && mentions(tool.tool));
  });
  if (named !== undefined) return { name: named.name, reason: 'named in the error' };
  const next = others[0];
  return next === undefined ? undefined : { name: next.name, reason: 'next best' };
}

// Tool names recur at every fallback of every episode: their spaced words are kept rather than re-split.
const spaced = new BoundedMap<string, string>(4096);

/** ` word word ` for a name: what the error text's words must contain for the name to be mentioned. */
function spacedWords(name: string): string {
  return memoized(spaced, name, () => ` ${words(name).join(' ')} `);
}
