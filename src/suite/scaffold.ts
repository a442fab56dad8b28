// A first suite for a server tdo has just met (`tdo init`): one selection-only task per tool and one
// end-to-end task, with every field only the server's author can write marked FILL, so that running the
// suite before they are written stops naming each one.
import { isAbsolute } from 'node:path';
import { Document, type Scalar, type YAMLMap } from 'yaml';
import { SPLITS, type Split } from './schema.ts';

/** The mark of a value still to be written; a suite with one anywhere does not load. */
export const FILL = 'FILL:';

export interface ScaffoldTool {
  name: string;
  description: string;
}

/** The splits a suite needs for `run`, `optimize` (train, val) and `experiment` (test). */
const NEEDED: readonly Split[] = ['train', 'val', 'test'];

/** How the server is reached, as its tdo.config.json entry says: started by a command (cwd relative to the config) or by URL. */
export type ScaffoldServer = { command: string; args: readonly string[]; cwd?: string } | { url: string };

export function scaffoldSuite(server: string, tools: readonly ScaffoldTool[], schemaPath: string, reached: ScaffoldServer): { yaml: string; tasks: number } {
  if (tools.length === 0) throw new Error(`server "${server}" lists no tools; there is nothing to write tasks for`);
  // One selection task per tool, splits in turn, and more (tools in turn) until each needed split has one.
  const count = Math.max(tools.length, NEEDED.length);
  const selection = Array.from({ length: count }, (_, i) => {
    const tool = tools[i % tools.length]!;
    const split = NEEDED[i % NEEDED.length]!;
    return {
      id: `choose-${tool.name}${i < tools.length ? '' : `-${i + 1}`}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      split,
      prompt: `${FILL} a request a user of ${server} would make that needs ${tool.name} (${firstSentence(tool.description)})`,
      plan: [{ intent: `${FILL} the same need in other words, as the one step that calls ${tool.name}`, tools: [`${server}/${tool.name}`] }],
      check: { kind: 'selection' },
      stopAfterToolCall: true,
    };
  });
  const first = tools[0]!;
  const endToEnd = {
    id: 'end-to-end',
    split: 'train',
    prompt: `${FILL} a whole job for ${server}, with the answer you expect`,
    plan: [{ intent: `${FILL} the first step's need`, args: {}, tools: [`${server}/${first.name}`] }],
    check: { kind: 'answer', expected: `${FILL} the number or text the answer must contain` },
  };
  const suite = {
    name: server,
    description: `Tasks for the ${server} MCP server, written with tdo init.`,
    systemPrompt: `You are an assistant with access to the ${server} tools. Use them to do what the user asks, then answer in one sentence.`,
    servers: [server],
    target: server,
    tasks: [...selection, endToEnd],
  };
  const header = [
    `# yaml-language-server: $schema=${schemaPath}`,
    `# Written by \`tdo init\` for the server "${server}". Replace every value starting with "${FILL}"; the suite`,
    '# does not run until none is left. Splits: train feeds the optimizer, val chooses its winner, test is held out.',
    "# Add tasks beyond these: on a few val or test tasks a search's figures mean little (tdo optimize shows intervals).",
    `# The format, key by key: docs/suites.md ("Suite file reference"). Split names: ${SPLITS.join(', ')}.`,
    '# A step argument may take an earlier step\'s result: {$from: 1} (its number or text), {$from: 1, path: "items.0.price"}.',
    '# The end-to-end task needs calls that do real work: delete it for a catalogue served by `tdo serve catalog` whose',
    '# tools have no canned `result` (its calls answer only that they were accepted, so no answer can be checked).',
  ];
  const document = new Document(suite);
  const servers = (document.contents as YAMLMap<Scalar<string>>).items.find((pair) => pair.key.value === 'servers')!;
  servers.key.commentBefore = isolationComment(server, reached)
    .map((line) => ` ${line}`)
    .join('\n');
  return { yaml: `${header.join('\n')}\n${document.toString({ lineWidth: 0 })}`, tasks: suite.tasks.length };
}

/**
 * The commented isolation block written above `servers` (docs/suites.md, "Stateful servers"): for a started server, the
 * entry spelled out with `${EPISODE_DIR}`, ready to uncomment; a server reached by URL cannot be restarted per episode.
 */
function isolationComment(server: string, reached: ScaffoldServer): string[] {
  const intro = `Isolation (docs/suites.md, "Stateful servers"): if ${server} keeps state (a file, a database), each episode sees what earlier ones did.`;
  if ('url' in reached)
    return [intro, `${server} is reached by URL, so tdo cannot start it afresh for each episode: to isolate episodes, give tdo init its command instead.`];
  // the suite is written to suites/ beside tdo.config.json, whose entry's cwd is relative to the config's folder
  const cwd = reached.cwd === undefined ? undefined : isAbsolute(reached.cwd) ? reached.cwd : `\${SUITE_DIR}/../${reached.cwd}`.replace(/\/\.$/, '');
  return [
    intro,
    'For an empty folder and a fresh process in every episode, point its state at ${EPISODE_DIR}: in its tdo.config.json entry',
    '("env": {"STATE_VARIABLE": "${EPISODE_DIR}/state.json"}, STATE_VARIABLE being what the server reads), or spelled out here:',
    'servers:',
    `  - name: ${server}`,
    `    command: ${JSON.stringify(reached.command)}`,
    `    args: ${JSON.stringify(reached.args)}`,
    ...(cwd === undefined ? [] : [`    cwd: ${cwd}`]),
    '    env: {STATE_VARIABLE: "${EPISODE_DIR}/state.json"}  # or cwd: ${EPISODE_DIR}, for a server that writes where it runs',
    '    isolation: episode  # implied by ${EPISODE_DIR}; on its own, a fresh process for a server whose state is in memory',
  ];
}

/** The values still marked FILL, as "tasks.0.prompt: FILL: what to write there". */
export function unfilledFields(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.startsWith(FILL) ? [`${path.join('.')}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => unfilledFields(v, [...path, String(i)]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => unfilledFields(v, [...path, k]));
  return [];
}

function firstSentence(text: string): string {
  const sentence = (/^[^.!?]*[.!?]?/.exec(text.trim())?.[0] ?? '').trim();
  return sentence === '' ? 'no description' : sentence.length > 120 ? `${sentence.slice(0, 117)}...` : sentence;
}
