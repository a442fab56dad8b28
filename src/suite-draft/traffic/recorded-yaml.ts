// The draft as the YAML file the author reads: the suite, every task with a comment saying where it came from and
// what was merged into it, and every value only the author can write marked FILL (src/suite/scaffold.ts), so that
// the suite does not run until they are written.
import { Document, type Scalar, type YAMLMap } from 'yaml';
import { FILL } from '../../suite/scaffold.ts';
import { boundedList } from '../../text/bounded-list.ts';
import { counted } from '../../text/counted.ts';
import type { RecordedRun } from './recorded.ts';
import type { DraftServer } from './servers.ts';
import type { SpreadTask } from './splits.ts';
import { labelOf } from './tasks.ts';

export interface DraftDocument {
  name: string;
  /** the agent's system prompt, as its first model call sent it; undefined when no run recorded one */
  systemPrompt?: string;
  servers: readonly DraftServer[];
  target: string;
  tasks: readonly SpreadTask[];
  runs: readonly RecordedRun[];
  /** the suite schema's file, relative to where the draft is written */
  schemaPath: string;
}

/** The suite object the file holds: what `suiteSchema` parses once the FILL marks are written. */
export function draftSuiteObject(draft: DraftDocument): Record<string, unknown> {
  return {
    name: draft.name,
    description: `Drafted by tdo suite draft from what agents did: ${sources(draft.runs)}.`,
    systemPrompt: draft.systemPrompt ?? `${FILL} the system prompt your agent runs with`,
    servers: draft.servers.map((s) => s.entry),
    target: draft.target,
    tasks: draft.tasks.map(taskObject),
  };
}

/** The file's text: the header, then the suite with its comments. */
export function recordedDraftYaml(draft: DraftDocument): string {
  const document = new Document(draftSuiteObject(draft));
  const servers = (document.contents as YAMLMap<Scalar<string>>).items.find((pair) => pair.key.value === 'servers')!;
  servers.key.commentBefore = serversComment(draft.servers)
    .map((line) => ` ${line}`)
    .join('\n');
  for (const [i, task] of draft.tasks.entries()) {
    const node = document.getIn(['tasks', i], true) as YAMLMap;
    node.commentBefore = taskComment(task)
      .map((line) => ` ${line}`)
      .join('\n');
  }
  return `${header(draft).join('\n')}\n${document.toString({ lineWidth: 0 })}`;
}

function taskObject(task: SpreadTask): Record<string, unknown> {
  const single = task.calls.length === 1;
  return {
    id: task.id,
    split: task.split,
    prompt: task.request ?? `${FILL} the request a user would make that needs ${task.calls.map(labelOf).join(', then ')}`,
    plan: task.calls.map((call, i) => ({
      // one call: the request is its step's need; several: each step's need is the author's to word
      intent:
        single && task.request !== undefined ? task.request : `${FILL} what step ${i + 1} needs, in a user's words (the call here went to ${labelOf(call)})`,
      args: call.args,
      tools: [labelOf(call)],
    })),
    check: { kind: 'answer', expected: expectedMark(task) },
  };
}

function expectedMark(task: SpreadTask): string {
  const what = `${FILL} the number or text a right answer must contain`;
  if (task.answer === null) return task.host === undefined ? `${what} (the run recorded no answer)` : `${what} (a proxy sees no answer)`;
  return `${what} (the agent answered: ${quoted(task.answer)})`;
}

/** A recorded text quoted on one line, cut at 160 characters: an answer or a request may run to pages. */
function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `"${line.length > 160 ? `${line.slice(0, 157)}...` : line}"`;
}

function taskComment(task: SpreadTask): string[] {
  const lines = [
    task.host === undefined
      ? `From run ${task.runId}, episode ${task.episodeIds[0]}.`
      : `From run ${task.runId}: a session of ${task.host} through tdo proxy, ${counted(task.calls.length, 'call')}.`,
  ];
  if (task.variants.length > 0) {
    lines.push(`Also asked as (the same calls, nearly the same words, so merged here; ${counted(task.episodeIds.length, 'episode')} in all):`);
    lines.push(...task.variants.map((v) => `  ${quoted(v)}`));
  }
  if (task.sameRequestAs !== undefined)
    lines.push(`Nearly the same request as task ${task.sameRequestAs}, which the agent answered with other calls: keep the plan that is right.`);
  if (task.rewords !== undefined) lines.push(`The same calls as task ${task.rewords}, asked in other words: a paraphrase of it.`);
  if (task.leftOut > 0) lines.push(`${counted(task.leftOut, 'call')} that returned an error or named no listed tool left out of the plan.`);
  return lines;
}

function serversComment(servers: readonly DraftServer[]): string[] {
  return [
    ...servers.map((s) => `${s.name}: ${s.from === 'unknown' ? 'no run recorded how it starts; write its entry' : `as started in ${s.from}`}.`),
    'The environment a server ran with is not recorded (it may hold secrets): add `env` where a server needs it.',
    'A server that keeps state (a file, a database) shows each episode what earlier ones did: point its state at',
    '${EPISODE_DIR} (docs/suites.md, "Stateful servers").',
  ];
}

function header(draft: DraftDocument): string[] {
  return [
    `# yaml-language-server: $schema=${draft.schemaPath}`,
    `# Drafted by \`tdo suite draft\` from ${sources(draft.runs)}.`,
    '# Each task is a request a user made (for a proxy session, whose request the proxy never sees, the session),',
    '# and as its plan the tools the agent called for it, in order, with the arguments it passed: what the agent did,',
    `# which is not always what it should have done. Read every task and replace every value starting with "${FILL}";`,
    '# the suite does not run until none is left.',
    "# Splits: each tool's tasks took train, val, test and train again in the order the requests came; a task whose",
    "# calls repeat an earlier task's went to paraphrase. Move tasks as you see fit (docs/suites.md).",
  ];
}

/** Where the runs came from, grouped: 2 tdo proxy sessions of files (runs r-1, r-2), 1 run imported from Langfuse of the suite "agent" (run r-3). */
function sources(runs: readonly RecordedRun[]): string {
  const groups = new Map<string, { noun: string; of: string; ids: string[] }>();
  for (const run of runs) {
    const { source } = run;
    const [noun, of] =
      source.kind === 'proxy' ? ['tdo proxy session', `of ${source.server}`] : ['run', `imported from Langfuse of the suite "${source.suite}"`];
    const group = groups.get(`${noun} ${of}`) ?? { noun, of, ids: [] };
    group.ids.push(run.id);
    groups.set(`${noun} ${of}`, group);
  }
  return [...groups.values()].map((g) => `${counted(g.ids.length, g.noun)} ${g.of} (${g.ids.length === 1 ? 'run' : 'runs'} ${boundedList(g.ids)})`).join(', ');
}
