// Drafts a suite's tasks with a model (`tdo suite draft --generate`): for each tool its requests over the
// splits (split-counts.ts), requests no tool serves and requests that need two tools in turn. Paraphrase
// requests that share more than `maxOverlap` of their content words with the tool's description are asked
// for again, naming the words to avoid; a tool whose paraphrases stay above it ends the draft with an error.
import { wordOverlap } from '../../text/overlap.ts';
import type { Split } from '../../suite/schema.ts';
import { negativesAnswerSchema, probeAnswerSchema, sequencesAnswerSchema, toolRequestsAnswerSchema, type ToolRequestsAnswer } from './answer.ts';
import type { Asker } from './ask.ts';
import { negativesPrompt, probePrompt, sequencesPrompt, toolRequestsPrompt } from './prompt.ts';
import { splitInTurn, toolSplitCounts } from './split-counts.ts';
import type { CardOptions, DraftTool, ToolProbe } from './tool-card.ts';

export interface DraftStep {
  tool: DraftTool;
  need: string;
  arguments: Record<string, unknown>;
}

export interface DraftedTask {
  kind: 'tool' | 'negative' | 'sequence';
  split: Split;
  prompt: string;
  /** one step for a tool's task, two for a sequence, none for a negative */
  steps: DraftStep[];
  /** share of the prompt's content words in the description of the tool it was written for (src/text/overlap.ts); null for a negative */
  overlap: number | null;
}

export interface GenerateInput {
  tools: readonly DraftTool[];
  requestsPerTool: number;
  negatives: number;
  sequences: number;
  options: CardOptions;
  /** the highest share of a paraphrase's content words its tool's description may hold */
  maxOverlap: number;
  /** calls a tool the author allowed (`--call-tools`) and returns its result as text; absent for the others */
  callTool?: (tool: DraftTool) => ((args: Record<string, unknown>) => Promise<string>) | undefined;
}

/**
 * The default bound on a paraphrase's overlap with its tool's description. The lab suite's hand-written
 * paraphrase split stays far under it (test/src/suite-draft/lab-overlap.test.ts), its train split not always.
 */
export const DEFAULT_MAX_OVERLAP = 0.25;

/** Example calls per allowed tool. */
export const PROBES_PER_TOOL = 2;

export async function generateDraft(asker: Asker, input: GenerateInput): Promise<DraftedTask[]> {
  const tasks: DraftedTask[] = [];
  for (const tool of input.tools) tasks.push(...(await toolTasks(asker, tool, input)));
  tasks.push(...(await negativeTasks(asker, input)));
  tasks.push(...(await sequenceTasks(asker, input)));
  return tasks;
}

async function toolTasks(asker: Asker, tool: DraftTool, input: GenerateInput): Promise<DraftedTask[]> {
  const counts = toolSplitCounts(input.requestsPerTool);
  const wanted = { requests: counts.train + counts.val + counts.test, paraphrases: counts.paraphrase };
  const probes = await probeTool(asker, tool, input);
  const messages = toolRequestsPrompt(tool, wanted, input.options, probes);
  const answer = await asker.ask(`the requests for ${tool.name}`, messages, toolRequestsAnswerSchema, (a) =>
    toolAnswerProblem(a, wanted, tool, input.maxOverlap),
  );
  const splits: Split[] = [...(['train', 'val', 'test'] as const).flatMap((s) => Array<Split>(counts[s]).fill(s))];
  const task = (split: Split, r: ToolRequestsAnswer['requests'][number]): DraftedTask => ({
    kind: 'tool',
    split,
    prompt: r.prompt,
    steps: [{ tool, need: r.prompt, arguments: r.arguments }],
    overlap: wordOverlap(r.prompt, tool.description).share ?? 0,
  });
  return [
    ...answer.requests.slice(0, wanted.requests).map((r, i) => task(splits[i]!, r)),
    ...answer.paraphrases.slice(0, wanted.paraphrases).map((r) => task('paraphrase', r)),
  ];
}

/** Too few requests, or paraphrases worded too close to the description (with the words to avoid). */
function toolAnswerProblem(
  answer: ToolRequestsAnswer,
  wanted: { requests: number; paraphrases: number },
  tool: DraftTool,
  maxOverlap: number,
): string | undefined {
  if (answer.requests.length < wanted.requests) return `it has ${answer.requests.length} requests, and ${wanted.requests} were asked for.`;
  if (answer.paraphrases.length < wanted.paraphrases) return `it has ${answer.paraphrases.length} paraphrases, and ${wanted.paraphrases} were asked for.`;
  const close = answer.paraphrases.slice(0, wanted.paraphrases).map((p) => ({ p, overlap: wordOverlap(p.prompt, tool.description) }));
  const over = close.filter((c) => (c.overlap.share ?? 0) > maxOverlap);
  if (over.length === 0) return undefined;
  return closeWordingProblem(
    over.flatMap((c) => c.overlap.shared),
    over.length,
    'paraphrases',
  );
}

/** What the model is told of requests worded too close to the descriptions: how many, and the words to avoid. */
function closeWordingProblem(shared: readonly string[], count: number, what: string): string {
  return `${count} of the ${what} use words the tool is usually described with (${[...new Set(shared)].join(', ')}); word them without those words.`;
}

async function probeTool(asker: Asker, tool: DraftTool, input: GenerateInput): Promise<ToolProbe[]> {
  const call = input.callTool?.(tool);
  if (call === undefined) return [];
  const answer = await asker.ask(`example calls of ${tool.name}`, probePrompt(tool, PROBES_PER_TOOL, input.options), probeAnswerSchema);
  const probes: ToolProbe[] = [];
  for (const { arguments: args } of answer.calls.slice(0, PROBES_PER_TOOL)) probes.push({ arguments: args, result: await call(args) });
  return probes;
}

async function negativeTasks(asker: Asker, input: GenerateInput): Promise<DraftedTask[]> {
  if (input.negatives === 0) return [];
  const enough = (a: { requests: unknown[] }) =>
    a.requests.length < input.negatives ? `it has ${a.requests.length} requests, and ${input.negatives} were asked for.` : undefined;
  const answer = await asker.ask('the requests no tool serves', negativesPrompt(input.tools, input.negatives, input.options), negativesAnswerSchema, enough);
  return answer.requests
    .slice(0, input.negatives)
    .map((r, i) => ({ kind: 'negative' as const, split: splitInTurn(i), prompt: r.prompt, steps: [], overlap: null }));
}

async function sequenceTasks(asker: Asker, input: GenerateInput): Promise<DraftedTask[]> {
  if (input.sequences === 0 || input.tools.length < 2) return [];
  const byName = new Map(input.tools.map((t) => [t.name, t]));
  const answer = await asker.ask('the two-tool requests', sequencesPrompt(input.tools, input.sequences, input.options), sequencesAnswerSchema, (a) => {
    if (a.requests.length < input.sequences) return `it has ${a.requests.length} requests, and ${input.sequences} were asked for.`;
    const unknown = a.requests.flatMap((r) => r.steps.map((s) => s.tool)).filter((name) => !byName.has(name));
    if (unknown.length > 0) return `it names tools that do not exist (${[...new Set(unknown)].join(', ')}); use the tools' exact names.`;
    const same = a.requests.filter((r) => r.steps[0]!.tool === r.steps[1]!.tool).length;
    if (same > 0) return `${same} of the requests use one tool twice; each needs two different tools.`;
    // those that land in the paraphrase split are held to the bound too, against both tools' descriptions
    const close = a.requests
      .slice(0, input.sequences)
      .filter((_, i) => splitInTurn(i) === 'paraphrase')
      .map((r) => wordOverlap(r.prompt, r.steps.map((s) => byName.get(s.tool)!.description).join(' ')))
      .filter((o) => (o.share ?? 0) > input.maxOverlap);
    return close.length === 0
      ? undefined
      : closeWordingProblem(
          close.flatMap((o) => o.shared),
          close.length,
          'requests',
        );
  });
  return answer.requests.slice(0, input.sequences).map((r, i) => {
    const steps = r.steps.map((s) => ({ tool: byName.get(s.tool)!, need: s.need, arguments: s.arguments }));
    const description = steps.map((s) => s.tool.description).join(' ');
    return { kind: 'sequence' as const, split: splitInTurn(i), prompt: r.prompt, steps, overlap: wordOverlap(r.prompt, description).share ?? 0 };
  });
}
