import type { CatalogueTool } from '../../host/catalogue-types.ts';
import { countCues, type CueCounts } from '../../text/cues.ts';
import { splitLimitClauses } from '../../text/limits.ts';
import { BoundedMap, memoized } from './memo.ts';
import type { ToolWords } from './semantic.ts';
import { contentWords, terms, words } from '../../text/words.ts';

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
  /** The name's words as words() gives them, stop words kept: what its action is read from (action.ts). */
  nameWords: string[];
  cues: CueCounts;
}

// A catalogue's tool objects live for a whole run, so their features are read once, not at every step of
// every episode; and since catalogues are rebuilt with mostly the same texts (each optimizer candidate, each
// queue worker's episode), features are also kept by the text they are read from.
const byTool = new WeakMap<CatalogueTool, { siblings: string; features: ToolFeatures }>();
const byText = new BoundedMap<string, ToolFeatures>(4096);

/** The tool's features; `siblings` are the other tools of its server in the catalogue, by their own names. */
export function toolFeatures(tool: CatalogueTool, siblings: readonly string[] = []): ToolFeatures {
  const siblingKey = JSON.stringify(siblings);
  const known = byTool.get(tool);
  if (known?.siblings === siblingKey) return known.features;
  const parameters = parameterTexts(tool);
  const features = memoized(byText, JSON.stringify([tool.name, tool.description, parameters, siblings]), () =>
    readFeatures(tool.name, tool.description, parameters, siblings),
  );
  byTool.set(tool, { siblings: siblingKey, features });
  return features;
}

/** The other tools of the tool's server in the catalogue, by the names their server gives them. */
export function siblingsIn(tool: CatalogueTool, tools: readonly CatalogueTool[]): string[] {
  return tools.filter((t) => t !== tool && t.server === tool.server).map((t) => t.tool);
}

/**
 * What the tool's features are read from, as one value (JSON-serializable): equal for two tools with equal
 * texts in the same place of their server, so a catalogue of equal keys has equal features.
 */
export function toolTextKey(tool: CatalogueTool): [string, string, string, string, readonly string[]] {
  return [tool.server, tool.tool, tool.name, tool.description, parameterTexts(tool)];
}

/** Each parameter's name and description, in schema order: all sim reads of the input schema. */
function parameterTexts(tool: CatalogueTool): string[] {
  return Object.entries(tool.inputSchema.properties ?? {}).flatMap(([name, schema]) => [
    name,
    typeof schema.description === 'string' ? schema.description : '',
  ]);
}

function readFeatures(name: string, description: string, parameters: readonly string[], siblings: readonly string[]): ToolFeatures {
  const { limits, rest } = splitLimitClauses(description, siblings);
  const text = [rest, ...parameters].join('\n');
  const documentTerms = terms([name, text].join('\n'));
  return {
    documentTerms,
    positiveTerms: new Set(documentTerms),
    limitTerms: new Set(terms(limits.join('\n'))),
    words: { name: contentWords(name), text: contentWords(text) },
    nameWords: words(name),
    cues: countCues(rest),
  };
}
