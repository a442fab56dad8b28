// The drafted suite as the file the author reviews: a header saying how it was drafted and what each tool got,
// then the suite. A tool's task is checked on the tool chosen first (it was written for that tool), a negative on
// no tool being called, and a two-tool task on its answer, which only the author can write: that value is
// marked FILL (src/suite/scaffold.ts), so the suite does not run until it is written.
import { Document } from 'yaml';
import { FILL } from '../../suite/scaffold.ts';
import { SPLITS, type Split } from '../../suite/schema.ts';
import type { DraftedTask } from './generate.ts';

export interface DraftHeader {
  model: string;
  withDescriptions: boolean;
  /** tools tdo called for example results */
  calledTools: readonly string[];
  maxOverlap: number;
  schemaPath: string;
}

export interface DraftFile {
  name: string;
  /** the servers the tools came from, as the suite file names them */
  servers: unknown[];
  target?: string;
  tasks: readonly DraftedTask[];
}

const label = (step: DraftedTask['steps'][number]) => `${step.tool.server}/${step.tool.name}`;

export function generatedDraftYaml(file: DraftFile, header: DraftHeader): string {
  const used = new Map<string, number>();
  const idOf = (base: string) => {
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return `${base}-${n}`.replace(/[^A-Za-z0-9_-]/g, '-');
  };
  const tasks = file.tasks.map((t) =>
    taskEntry(t, idOf(t.kind === 'tool' ? `${t.steps[0]!.tool.name}-${t.split}` : t.kind === 'negative' ? 'no-tool' : 'two-tools')),
  );
  const suite = {
    name: file.name,
    description: `Requests for the tools of ${file.name}, drafted by the model ${header.model} with tdo suite draft --generate.`,
    systemPrompt: 'You are an assistant with tools. Use them when they serve what the user asks, and only then; answer in one sentence.',
    servers: file.servers,
    ...(file.target === undefined ? {} : { target: file.target }),
    tasks,
  };
  return `${headerLines(file, header).join('\n')}\n${new Document(suite).toString({ lineWidth: 0 })}`;
}

function taskEntry(task: DraftedTask, id: string): Record<string, unknown> {
  const base = { id, split: task.split, prompt: task.prompt };
  if (task.kind === 'negative') return { ...base, check: { kind: 'no-tool' }, stopAfterToolCall: true, tags: ['drafted', 'no-tool'] };
  const plan = task.steps.map((s) => ({ intent: s.need, args: s.arguments, tools: [label(s)] }));
  if (task.kind === 'tool') return { ...base, plan, check: { kind: 'selection' }, stopAfterToolCall: true, tags: ['drafted'] };
  return { ...base, plan, check: { kind: 'answer', expected: `${FILL} the number or text the answer must contain` }, tags: ['drafted', 'two-tools'] };
}

/** Tasks per tool and split, as "calculator 2/1/1/1" (train/val/test/paraphrase, single-tool tasks). */
export function splitCountsLine(tasks: readonly DraftedTask[]): string {
  const counts = new Map<string, Record<Split, number>>();
  for (const t of tasks.filter((t) => t.kind === 'tool')) {
    const name = t.steps[0]!.tool.name;
    const row = counts.get(name) ?? { train: 0, val: 0, test: 0, paraphrase: 0 };
    row[t.split]++;
    counts.set(name, row);
  }
  return [...counts].map(([name, row]) => `${name} ${SPLITS.map((s) => row[s]).join('/')}`).join(', ');
}

/** The mean overlap of a split's tasks with the descriptions of the tools they were written for, and its highest (negatives have none). */
export function overlapBySplit(tasks: readonly DraftedTask[]): Array<{ split: Split; tasks: number; mean: number; max: number }> {
  return SPLITS.flatMap((split) => {
    const shares = tasks.filter((t) => t.overlap !== null && t.split === split).map((t) => t.overlap!);
    if (shares.length === 0) return [];
    return [{ split, tasks: shares.length, mean: shares.reduce((s, x) => s + x, 0) / shares.length, max: Math.max(...shares) }];
  });
}

const percent = (x: number) => `${(100 * x).toFixed(0)}%`;

function headerLines(file: DraftFile, header: DraftHeader): string[] {
  const kinds = (kind: DraftedTask['kind']) => file.tasks.filter((t) => t.kind === kind).length;
  const overlap = overlapBySplit(file.tasks)
    .map((o) => `${o.split} ${percent(o.mean)} (highest ${percent(o.max)})`)
    .join(', ');
  const shown = header.withDescriptions
    ? "the model was shown each tool's name, input schema and description (--with-descriptions)"
    : "the model was shown each tool's name and input schema, without its description or the schema's descriptions";
  return [
    `# yaml-language-server: $schema=${header.schemaPath}`,
    `# Drafted by \`tdo suite draft --generate\` with the model ${header.model}: every request is the model's, not a user's. Review each one.`,
    `# To word requests after what a tool does rather than after what its description says, ${shown}${header.calledTools.length === 0 ? '' : `, and results of calls to ${header.calledTools.join(', ')}`}.`,
    `# Tasks per tool (train/val/test/paraphrase): ${splitCountsLine(file.tasks)}; ${kinds('negative')} requests no tool serves (check no-tool), ${kinds('sequence')} that need two tools.`,
    `# Content words a request shares with its tools' descriptions, mean per split: ${overlap}; paraphrases were held to at most ${percent(header.maxOverlap)}.`,
    `# A tool's task is checked on the tool chosen first; a two-tool task on its answer: write each value marked "${FILL}" (\`tdo run\` names those left).`,
    '# The format, key by key: docs/suites.md ("Suite file reference").',
  ];
}
