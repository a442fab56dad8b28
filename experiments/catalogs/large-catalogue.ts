import { stringify } from 'yaml';
import { bfclCatalogue } from './bfcl-catalogue.ts';

/** Questions taken from the data: twelve per split, as many as keep a run of the suite to seconds. */
const QUESTIONS = 36;
const SPLITS = ['train', 'val', 'test'] as const;

export const BFCL_CATALOGUE_PATH = 'experiments/catalogs/bfcl-live-multiple.json';
export const LARGE_CATALOGUE_SUITE_PATH = 'experiments/suites/large-catalogue.yaml';

const HEADER = `# yaml-language-server: $schema=../../src/suite/suite.schema.json
# Written by experiments/catalogs/build-large-catalogue.ts; edit that script, not this file.
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

/** The suite file and the catalogue file it serves, by repository path; `root` is the repository. */
export function largeCatalogueFiles(root: URL): Record<string, string> {
  const fixtures = new URL('test/fixtures/tool-preferences/', root);
  const { tools, questions } = bfclCatalogue(
    new URL('bfcl_live_multiple.jsonl.gz', fixtures),
    new URL('bfcl_live_multiple.answers.jsonl', fixtures),
    QUESTIONS,
  );
  const catalogue = { name: 'bfcl', version: 'live_multiple', tools };
  const suite = {
    name: 'large-catalogue',
    description: `Which of more than a hundred tools from eight servers does the agent pick for real user questions of BFCL live_multiple? Scored on the first tool call only.`,
    systemPrompt: 'You are a helpful assistant with many tools from several services. Use the tool that does what the user asks.',
    servers: [
      catalogServer('bfcl', BFCL_CATALOGUE_PATH),
      catalogServer('filesystem', 'experiments/catalogs/server-filesystem.json'),
      catalogServer('sqlite', 'experiments/catalogs/sqlite.json'),
      catalogServer('taskmanager', 'experiments/catalogs/taskmanager.json'),
      { name: 'lab', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'lab'] },
      { name: 'labplus', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'labplus'] },
      seller('timber-yard'),
      seller('bolt-bin'),
    ],
    target: 'bfcl',
    tasks: questions.map((q, i) => ({
      id: q.id,
      split: SPLITS[i % SPLITS.length],
      prompt: q.question,
      plan: [{ intent: q.question, args: q.args, tools: [`bfcl/${q.correct}`] }],
      check: { kind: 'selection' },
      stopAfterToolCall: true,
    })),
  };
  return {
    [BFCL_CATALOGUE_PATH]: `${JSON.stringify(catalogue, null, 2)}\n`,
    [LARGE_CATALOGUE_SUITE_PATH]: HEADER + stringify(suite, { lineWidth: 0 }),
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
