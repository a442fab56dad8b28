import type { CatalogueTool } from '../../host/catalogue-types.ts';
import { countCues, type CueCounts } from '../../text/cues.ts';
import { splitLimitClauses } from '../../text/limits.ts';
import type { ToolWords } from './semantic.ts';
import { contentWords, terms } from '../../text/words.ts';

/** What sim reads from one tool, independent of any intent. */
export interface ToolFeatures {
  /** Terms of name words + description (limit clauses cut out) + parameter names and descriptions. */
  documentTerms: string[];
  /** The same terms as a set: what the tool says it does. */
  positiveTerms: Set<string>;
  /** Terms of the description's limit clauses. */
  limitTerms: Set<string>;
  /** The same text as documentTerms, unstemmed, for the word vectors; the name's words apart. */
  words: ToolWords;
  cues: CueCounts;
}

// A catalogue's tool objects live for a whole run (a description version makes new ones), so their
// features are read once, not at every step of every episode.
const cache = new WeakMap<CatalogueTool, ToolFeatures>();

export function toolFeatures(tool: CatalogueTool): ToolFeatures {
  let features = cache.get(tool);
  if (features === undefined) {
    features = readFeatures(tool);
    cache.set(tool, features);
  }
  return features;
}

function readFeatures(tool: CatalogueTool): ToolFeatures {
  const { limits, rest } = splitLimitClauses(tool.description);
  const parameters = Object.entries(tool.inputSchema.properties ?? {}).flatMap(([name, schema]) => [
    name,
    typeof schema.description === 'string' ? schema.description : '',
  ]);
  const text = [rest, ...parameters].join('\n');
  const documentTerms = terms([tool.name, text].join('\n'));
  return {
    documentTerms,
    positiveTerms: new Set(documentTerms),
    limitTerms: new Set(terms(limits.join('\n'))),
    words: { name: contentWords(tool.name), text: contentWords(text) },
    cues: countCues(rest),
  };
}
