import { stringify } from 'yaml';
import { bfclCatalogue, recurringBfclCatalogue, SPLITS, type BfclQuestion, type CatalogueFileTool } from './bfcl-catalogue.ts';
import { toolEQuestions } from './toole-catalogue.ts';

/** Questions taken from the data: twelve per split, as many as keep a run of the suite to seconds. */
const QUESTIONS = 36;
/** Rounds through each recurring function's questions: up to two a split, so no one function fills a split. */
const RECURRING_ROUNDS = 2;
/** Rounds through each ToolE tool's queries: three a split, 93 tasks a split, enough for an interval to confirm a rise. */
const PARAPHRASE_ROUNDS = 3;

export const BFCL_CATALOGUE_PATH = 'experiments/shipped/catalogs/bfcl-live-multiple.json';
export const LARGE_CATALOGUE_SUITE_PATH = 'experiments/shipped/suites/large-catalogue.yaml';
export const RECURRING_CATALOGUE_PATH = 'experiments/shipped/catalogs/bfcl-live-multiple-recurring.json';
export const RECURRING_SUITE_PATH = 'experiments/shipped/suites/large-catalogue-recurring.yaml';
export const TOOLE_CATALOGUE_PATH = 'experiments/shipped/catalogs/toole.json';
export const PARAPHRASE_SUITE_PATH = 'experiments/shipped/suites/large-catalogue-paraphrase.yaml';

const HEADER = `# yaml-language-server: $schema=../../src/suite/suite.schema.json
# Written by experiments/shipped/catalogs/build-large-catalogue.ts; edit that script, not this file.
#
# A catalogue of more than a hundred tools from eight servers, for deferred tool loading (docs/tool-search.md):
# \`bfcl\` serves the functions of the first ${QUESTIONS} function sets of BFCL live_multiple that have an English question
# (test/fixtures/tool-preferences, its README; real user queries against real APIs, labelled by the leaderboard),
# beside the captured catalogues of three third-party npm servers (server-filesystem, mcp-server-sqlite,
# @kazuph/mcp-taskmanager), the lab and labplus servers and two market sellers. Each task is one of those
# questions, word for word as prompt and intent, labelled with the data's own correct function, and stops at the
# agent's first tool call (selection only). Names two servers share (lab's and filesystem's read_file, the
# sellers' tools) are namespaced server__tool by the catalogue (src/host/catalogue.ts). Splits go round the
# questions in file order. The sim's choice model was checked against all of BFCL live_multiple
# (test/src/agents/sim/live-multiple.calibration.test.ts), these questions among them: its figures here are no
# held-out measure of the sim.
`;

const RECURRING_HEADER = `# yaml-language-server: $schema=../../src/suite/suite.schema.json
# Written by experiments/shipped/catalogs/build-large-catalogue.ts; edit that script, not this file.
#
# The large catalogue again (docs/tool-search.md), with tasks chosen so that optimizing can reach the held-out
# splits: each task is a question of BFCL live_multiple (test/fixtures/tool-preferences, its README) whose correct
# function the data labels in at least three distinct English questions. Each such function's first ${RECURRING_ROUNDS * SPLITS.length}
# questions in file order go round the splits (train, val, test, train, ...), so every labelled tool is asked in
# train, in validation and in test. \`bfcl\` serves the functions of every set one of those questions was asked of;
# BFCL rewords a function from set to set, and a name is served once, in the wording of the first such set in file
# order. The other seven servers are the large-catalogue suite's. The sim's choice model was checked against all of
# BFCL live_multiple (test/src/agents/sim/live-multiple.calibration.test.ts): its figures here are no held-out
# measure of the sim.
`;

const PARAPHRASE_HEADER = `# yaml-language-server: $schema=../../src/suite/suite.schema.json
# Written by experiments/shipped/catalogs/build-large-catalogue.ts; edit that script, not this file.
#
# The large catalogue with requests worded unlike the descriptions (docs/tool-search.md): \`toole\` serves the 31 tools
# of the ToolE development split (test/fixtures/tool-selection-paraphrase, its README; Huang et al., ICLR 2024), each
# with its one-sentence description and no arguments, beside the large-catalogue suite's eight servers. Each task is
# a ToolE query, word for word as prompt and intent, labelled with the data's one correct tool, and stops at the
# agent's first tool call (selection only). Each tool's first ${PARAPHRASE_ROUNDS * SPLITS.length} distinct queries in file order go round the
# splits (train, val, test, train, ...), so every labelled tool is asked in each split. The sim's choice model was
# checked against these queries (test/src/agents/sim/toole.calibration.test.ts): its figures here are no held-out
# measure of the sim.
`;

const fixtures = (root: URL) => {
  const dir = new URL('test/fixtures/tool-preferences/', root);
  return [new URL('bfcl_live_multiple.jsonl.gz', dir), new URL('bfcl_live_multiple.answers.jsonl', dir)] as const;
};

/** The suite file and the catalogue file it serves, by repository path; `root` is the repository. */
export function largeCatalogueFiles(root: URL): Record<string, string> {
  const { tools, questions } = bfclCatalogue(...fixtures(root), QUESTIONS);
  return catalogueSuiteFiles({
    name: 'large-catalogue',
    description: `Which of more than a hundred tools from eight servers does the agent pick for real user questions of BFCL live_multiple? Scored on the first tool call only.`,
    header: HEADER,
    suitePath: LARGE_CATALOGUE_SUITE_PATH,
    target: { server: 'bfcl', path: BFCL_CATALOGUE_PATH, version: 'live_multiple', tools },
    questions: questions.map((q, i) => bfclTask(q, SPLITS[i % SPLITS.length]!)),
  });
}

/** The recurring suite and its catalogue file, by repository path: every labelled tool is asked in each split. */
export function recurringCatalogueFiles(root: URL): Record<string, string> {
  const { tools, questions } = recurringBfclCatalogue(...fixtures(root), RECURRING_ROUNDS);
  return catalogueSuiteFiles({
    name: 'large-catalogue-recurring',
    description: `Which of more than a hundred tools from eight servers does the agent pick for real user questions of BFCL live_multiple, when each labelled tool is asked in every split? Scored on the first tool call only.`,
    header: RECURRING_HEADER,
    suitePath: RECURRING_SUITE_PATH,
    target: { server: 'bfcl', path: RECURRING_CATALOGUE_PATH, version: 'live_multiple', tools },
    questions: questions.map((q) => bfclTask(q, q.split)),
  });
}

/**
 * The paraphrase suite and the ToolE catalogue file it serves: ToolE's tools beside the large-catalogue suite's
 * eight servers (its BFCL file among them), every tool asked in each split with queries worded unlike its description.
 */
export function paraphraseCatalogueFiles(root: URL): Record<string, string> {
  const { tools, questions } = toolEQuestions(new URL('test/fixtures/tool-selection-paraphrase/', root), PARAPHRASE_ROUNDS);
  return catalogueSuiteFiles({
    name: 'large-catalogue-paraphrase',
    description: `Which of more than two hundred tools from nine servers does the agent pick for real user requests of ToolE, worded unlike the tools' descriptions? Scored on the first tool call only.`,
    header: PARAPHRASE_HEADER,
    suitePath: PARAPHRASE_SUITE_PATH,
    target: {
      server: 'toole',
      path: TOOLE_CATALOGUE_PATH,
      version: 'development split',
      tools: tools.map((t) => ({ ...t, inputSchema: { type: 'object', properties: {} } })),
    },
    alsoServed: [{ server: 'bfcl', path: BFCL_CATALOGUE_PATH }],
    questions: questions.map((q) => ({ id: `toole_${q.tool}_${q.ordinal}`, split: q.split, question: q.query, label: `toole/${q.tool}`, args: {} })),
  });
}

function bfclTask(q: BfclQuestion, split: string): CatalogueQuestion {
  return { id: q.id, split, question: q.question, label: `bfcl/${q.correct}`, args: q.args };
}

/** One task of a catalogue suite: a question of the data, labelled `server/tool`, in its split. */
interface CatalogueQuestion {
  id: string;
  split: string;
  question: string;
  label: string;
  args: Record<string, unknown>;
}

/** A catalogue file the suite writes, and the server that serves it. */
interface WrittenCatalogue {
  server: string;
  path: string;
  version: string;
  tools: CatalogueFileTool[];
}

interface CatalogueSuite {
  name: string;
  description: string;
  header: string;
  suitePath: string;
  /** The catalogue whose tools the questions label, which the suite targets; served first. */
  target: WrittenCatalogue;
  /** Catalogue servers another suite writes, served after the target. */
  alsoServed?: Array<{ server: string; path: string }>;
  questions: CatalogueQuestion[];
}

/** The target catalogue beside the other servers, and each question as a selection-only task. */
function catalogueSuiteFiles(spec: CatalogueSuite): Record<string, string> {
  const { target } = spec;
  const suite = {
    name: spec.name,
    description: spec.description,
    systemPrompt: 'You are a helpful assistant with many tools from several services. Use the tool that does what the user asks.',
    servers: [
      catalogServer(target.server, target.path),
      ...(spec.alsoServed ?? []).map((c) => catalogServer(c.server, c.path)),
      catalogServer('filesystem', 'experiments/shipped/catalogs/server-filesystem.json'),
      catalogServer('sqlite', 'experiments/shipped/catalogs/sqlite.json'),
      catalogServer('taskmanager', 'experiments/shipped/catalogs/taskmanager.json'),
      { name: 'lab', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'lab'] },
      { name: 'labplus', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'labplus'] },
      seller('timber-yard'),
      seller('bolt-bin'),
    ],
    target: target.server,
    tasks: spec.questions.map((q) => ({
      id: q.id,
      split: q.split,
      prompt: q.question,
      plan: [{ intent: q.question, args: q.args, tools: [q.label] }],
      check: { kind: 'selection' },
      stopAfterToolCall: true,
    })),
  };
  return {
    [target.path]: `${JSON.stringify({ name: target.server, version: target.version, tools: target.tools }, null, 2)}\n`,
    [spec.suitePath]: spec.header + stringify(suite, { lineWidth: 0 }),
  };
}

function catalogServer(name: string, file: string) {
  return { name, command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'catalog', `\${TDO_ROOT}/${file}`] };
}

function seller(name: string) {
  return {
    name,
    command: '${NODE}',
    args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'market', '--seller', name, '--http', '--port', '0'],
    transport: 'http',
    auth: { scopes: ['market:negotiate', 'market:accept'] },
  };
}
