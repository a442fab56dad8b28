import type { CatalogueTool } from '../../host/catalogue-types.ts';
import { countCues, type CueCounts } from '../../text/cues.ts';
import { splitLimitClauses } from '../../text/limits.ts';
import { BoundedMap, memoized } from './memo.ts';
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

// A catalogue's tool objects live for a whole run, so their features are read once, not at every step of
// every episode; and since catalogues are rebuilt with mostly the same texts (each optimizer candidate, each
// queue worker's episode), features are also kept by the text they are read from.
const byTool = new WeakMap<CatalogueTool, ToolFeatures>();
const byText = new BoundedMap<string, ToolFeatures>(4096);

export function toolFeatures(tool: CatalogueTool): ToolFeatures {
  return memoized(byTool, tool, () => {
    const parameters = parameterTexts(tool);
    return memoized(byText, JSON.stringify(textsOf(tool, parameters)), () => readFeatures(tool.name, tool.description, parameters));
  });
}

/** Everything the features are read from: two tools with equal texts have equal features. */
function textsOf(tool: CatalogueTool, parameters: readonly string[]): [string, string, readonly string[]] {
  return [tool.name, tool.description, parameters];
}

/** The texts the tool's features are read from, as one value (JSON-serializable, equal for equal texts). */
export function toolTextKey(tool: CatalogueTool): [string, string, readonly string[]] {
  return textsOf(tool, parameterTexts(tool));
}

/** Each parameter's name and description, in schema order: all sim reads of the input schema. */
function parameterTexts(tool: CatalogueTool): string[] {
  return Object.entries(tool.inputSchema.properties ?? {}).flatMap(([name, schema]) => [
    name,
    typeof schema.description === 'string' ? schema.description : '',
  ]);
}

function readFeatures(name: string, description: string, parameters: readonly string[]): ToolFeatures {
  const { limits, rest } = splitLimitClauses(description);
  const text = [rest, ...parameters].join('\n');
  const documentTerms = terms([name, text].join('\n'));
  return {
    documentTerms,
    positiveTerms: new Set(documentTerms),
    limitTerms: new Set(terms(limits.join('\n'))),
    words: { name: contentWords(name), text: contentWords(text) },
    cues: countCues(rest),
  };
}
