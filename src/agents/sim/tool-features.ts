import type { CatalogueTool } from '../../catalogue/catalogue-types.ts';
import { countCues, type CueCounts } from '../../text/cues.ts';
import { splitLimitClauses } from '../../text/limits.ts';
import { BoundedMap, memoized } from './memo.ts';
import type { ToolWords } from './semantic.ts';
import type { ActionClass } from './actions/classes.ts';
import { toolClasses } from './action-class.ts';
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
  /** What the tool does, coarsely (action-class.ts): none when its action cannot be read. */
  classes: ActionClass[];
  cues: CueCounts;
}

// A catalogue's tool objects live for a whole run, so their features are read once, not at every step of
// every episode; and since catalogues are rebuilt with mostly the same texts (each optimizer candidate, each
// queue worker's episode), features are also kept by the text they are read from. A server's tool names are
// part of that key as a number given to each list of names, so a key grows with one tool's texts, not with
// the catalogue: keys holding every sibling's name made 3,000 tools take a gigabyte (issue 34).
const byTool = new WeakMap<CatalogueTool, { serverTools: readonly string[]; features: ToolFeatures }>();
const byText = new BoundedMap<string, ToolFeatures>(4096);
const NO_TOOLS: readonly string[] = [];

/**
 * The tool's features; `serverTools` are the tools of its server in the catalogue by their own names (with the
 * tool itself or without it), one list shared by the server's tools (serverToolNames).
 */
export function toolFeatures(tool: CatalogueTool, serverTools: readonly string[] = NO_TOOLS): ToolFeatures {
  const known = byTool.get(tool);
  if (known?.serverTools === serverTools) return known.features;
  const parameters = parameterTexts(tool);
  const key = JSON.stringify([tool.name, tool.tool, tool.description, parameters, namesId(serverTools)]);
  const features = memoized(byText, key, () => readFeatures(tool, parameters, serverTools));
  byTool.set(tool, { serverTools, features });
  return features;
}

/** Each server's tools in the catalogue by the names their server gives them, one list per server. */
export function serverToolNames(tools: readonly CatalogueTool[]): ReadonlyMap<string, readonly string[]> {
  return memoized(namesByCatalogue, tools, () => {
    const names = new Map<string, string[]>();
    for (const t of tools) {
      const listed = names.get(t.server);
      if (listed === undefined) names.set(t.server, [t.tool]);
      else listed.push(t.tool);
    }
    return names;
  });
}

const namesByCatalogue = new WeakMap<readonly CatalogueTool[], ReadonlyMap<string, readonly string[]>>();

// Equal lists of names get the same number; a number is never given to two different lists.
const idsByList = new WeakMap<readonly string[], number>();
const idsByNames = new BoundedMap<string, number>(4096);
let nextId = 0;
const namesId = (names: readonly string[]): number => memoized(idsByList, names, () => memoized(idsByNames, JSON.stringify(names), () => nextId++));

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

function readFeatures({ name, tool, description }: CatalogueTool, parameters: readonly string[], serverTools: readonly string[]): ToolFeatures {
  const { limits, rest } = splitLimitClauses(description, serverTools, tool);
  const text = [rest, ...parameters].join('\n');
  const documentTerms = terms([name, text].join('\n'));
  return {
    documentTerms,
    positiveTerms: new Set(documentTerms),
    limitTerms: new Set(terms(limits.join('\n'))),
    words: { name: contentWords(name), text: contentWords(text) },
    nameWords: words(name),
    classes: toolClasses(tool),
    cues: countCues(rest),
  };
}
