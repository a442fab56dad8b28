import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { isolationProblems } from './isolation.ts';
import { httpServerSchema, serverAuthSchema, serverSpecSchema, stdioServerSchema } from './server-spec.ts';
import { patternProblem } from '../catalogue/tool-search/regex.ts';
import { toolSearchBlockSchema } from '../catalogue/tool-search/settings.ts';
import { counted } from '../text/counted.ts';

// Every object is strict: a misspelled key ("tolerence") is an error with a suggestion (src/suite/load.ts),
// never a setting silently ignored.

export {
  httpServerSchema,
  serverAuthSchema,
  serverSpecSchema,
  stdioServerSchema,
  type HttpServerSpec,
  type ServerAuth,
  type ServerSpec,
  type StdioServerSpec,
} from './server-spec.ts';

/** Every task split, in report order. `all` (in `tdo run --split`) means every one of them. */
export const SPLITS = ['train', 'val', 'test', 'paraphrase'] as const;

/**
 * An earlier step's result in place of a value (src/suite/references.ts resolves it): `$from` is the step's
 * number, 1 for the first; `path` picks a field of its structured content or JSON text ("items.0.price").
 */
export const stepReferenceSchema = z
  .strictObject({
    $from: z.int().positive(),
    path: z.string().min(1).optional(),
  })
  .describe('an earlier step\'s result: {$from: 1} its number or text, {$from: 1, path: "items.0.price"} a field of its structured or JSON-text result');
export type StepReference = z.infer<typeof stepReferenceSchema>;

/**
 * A step argument: a value as written, or a reference. Any object with a `$from` key is a reference, so a
 * slip in one (`pth`) is an error rather than a literal object passed to the tool.
 */
const argumentSchema = z.union([
  stepReferenceSchema,
  // aborting, so that zod reports the reference branch's own problem (an unknown key, a bad $from)
  z
    .unknown()
    .refine((v) => !isStepReference(v), { message: 'not a reference', abort: true })
    .meta({ not: { type: 'object', required: ['$from'] } }),
]);

/** Whether a value is an object with a `$from` key: in a parsed suite, a valid reference. */
export function isStepReference(value: unknown): value is StepReference {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, '$from');
}

/**
 * One step of a task's reference plan. The sim agent chooses a tool from `intent` alone;
 * `args` are mapped onto the chosen tool's schema only after the choice; `tools` are the
 * correct labels, used for scoring and feedback only ("tool" or "server/tool").
 */
export const planStepSchema = z.strictObject({
  intent: z.string().min(1),
  args: z.record(z.string(), argumentSchema).default({}),
  tools: z.array(z.string().min(1)).min(1),
  /** The sim repeats this step with its concession strategy until a price is agreed or its rounds run out. */
  negotiate: z.boolean().optional(),
  /** Under `--tool-search regex`: the pattern the sim searches with at this step (default: any of the intent's words). */
  searchPattern: z.string().optional(),
});
export type PlanStep = z.infer<typeof planStepSchema>;

export const answerCheckSchema = z.strictObject({
  kind: z.literal('answer'),
  /**
   * A number is compared with `tolerance` (absolute); a string must appear in the answer, case-insensitively;
   * a reference stands for what the step's correct tool returned in the episode (src/checks/step-expected.ts).
   */
  expected: z.union([z.number(), z.string().min(1), stepReferenceSchema]),
  tolerance: z.number().nonnegative().default(1e-6),
});
export type AnswerCheck = z.infer<typeof answerCheckSchema>;
/**
 * A state check on what the servers reported: success is a closed deal for `quantity` x `item` at or
 * under the task's `limit` per unit, for an item the seller really delivers (not a backorder).
 */
export const dealCheckSchema = z.strictObject({
  kind: z.literal('deal'),
  item: z.string().min(1),
  quantity: z.number().int().positive(),
});
export type DealCheck = z.infer<typeof dealCheckSchema>;
/**
 * Selection only: success is choosing, as the first tool call, a correct tool of the plan's first step
 * (the arguments are not judged). Pair it with `stopAfterToolCall` for cheap selection evaluations.
 */
export const selectionCheckSchema = z.strictObject({ kind: z.literal('selection') });
export type SelectionCheck = z.infer<typeof selectionCheckSchema>;
/**
 * A request no tool of the servers serves (a drafted negative, src/suite-draft/): success is answering without
 * calling any tool. With `stopAfterToolCall` a call ends the episode as a failure before it reaches a server.
 */
export const noToolCheckSchema = z.strictObject({ kind: z.literal('no-tool') });
export type NoToolCheck = z.infer<typeof noToolCheckSchema>;
export const checkSchema = z.discriminatedUnion('kind', [answerCheckSchema, dealCheckSchema, selectionCheckSchema, noToolCheckSchema]);
export type Check = z.infer<typeof checkSchema>;

export const taskSchema = z.strictObject({
  id: z.string().min(1),
  /**
   * train feeds the optimizer's minibatches, val its selection; test and paraphrase are held out (paraphrase:
   * the needs of other tasks worded differently, to see whether an improvement carries over to other words).
   */
  split: z.enum(SPLITS),
  prompt: z.string().min(1),
  /** The sim agent's steps and the correct tools; an LLM agent needs only the prompt and the check (none: empty). */
  plan: z
    .array(planStepSchema)
    .min(1)
    .optional()
    .transform((plan) => plan ?? []),
  check: checkSchema,
  tags: z.array(z.string()).default([]),
  /** The most the user will pay per unit: stated in the prompt, used by the sim, a deal check and (by condition) tokens. */
  limit: z.number().finite().positive().optional(),
  /**
   * Selection-only (MCPJam's stopAfterToolCall): the episode ends at the agent's first tool call,
   * which is recorded but never sent to the server, so no task state or side effect is needed.
   */
  stopAfterToolCall: z.boolean().optional(),
});
export type Task = z.infer<typeof taskSchema>;
export type Split = Task['split'];

/** What choosing a condition value does to a run. */
export const conditionEffectSchema = z.strictObject({
  /** Appended to the command line of every server the runner starts. */
  serverArgs: z.array(z.string()).default([]),
  /** Minted tokens carry the task's limit as `max_price`, so servers enforce it. */
  limitInToken: z.boolean().default(false),
});
export type ConditionEffect = z.infer<typeof conditionEffectSchema>;
export const conditionSchema = z
  .strictObject({ default: z.string().min(1), values: z.record(z.string().min(1), conditionEffectSchema) })
  .refine((c) => Object.hasOwn(c.values, c.default), { message: 'default must be one of the values', path: ['default'] });

const suiteFileSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(''),
  systemPrompt: z.string().min(1),
  servers: z.array(serverSpecSchema).min(1),
  /** The server whose selection rate is reported (and, later, optimized). */
  target: z.string().optional(),
  /** Named run settings (`tdo run --condition name=value`), each value with its effects. */
  conditions: z.record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'condition names use letters, digits, _ and -'), conditionSchema).optional(),
  /** Deferred tool loading for this suite's runs (`--tool-search`, `--tool-search-k` win; then tdo.config.json). */
  toolSearch: toolSearchBlockSchema.optional(),
  tasks: z.array(taskSchema).min(1),
});

// The file's `target` is the suite's target server; in code it is `targetServer`, apart from the optimize
// objective (`--target`).
export const suiteSchema = suiteFileSchema
  .superRefine((suite, ctx) => {
    const serverNames = new Set<string>();
    for (const [i, s] of suite.servers.entries()) {
      if (serverNames.has(s.name)) ctx.addIssue({ code: 'custom', path: ['servers', i, 'name'], message: `duplicate server name "${s.name}"` });
      serverNames.add(s.name);
    }
    if (suite.target !== undefined && !serverNames.has(suite.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `target "${suite.target}" is not one of the suite's servers` });
    }
    for (const [i, s] of suite.servers.entries()) {
      for (const problem of isolationProblems(s)) ctx.addIssue({ code: 'custom', path: ['servers', i, ...problem.path], message: problem.message });
      if ('command' in s && s.auth !== undefined && s.transport !== 'http') {
        ctx.addIssue({
          code: 'custom',
          path: ['servers', i, 'auth'],
          message: 'auth needs an HTTP server (a url, or transport: http): stdio has no header to carry the token',
        });
      }
    }
    const ids = new Set<string>();
    for (const [i, t] of suite.tasks.entries()) {
      if (ids.has(t.id)) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `duplicate task id "${t.id}"` });
      ids.add(t.id);
      if (t.stopAfterToolCall === true && t.check.kind !== 'selection' && t.check.kind !== 'no-tool')
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', i, 'check', 'kind'],
          message: 'a task with stopAfterToolCall ends before any answer: its check must be {kind: selection} (or {kind: no-tool})',
        });
      if (t.check.kind === 'deal' && t.limit === undefined)
        ctx.addIssue({ code: 'custom', path: ['tasks', i, 'limit'], message: "a deal check needs the task's limit (price per unit)" });
      for (const [s, step] of t.plan.entries()) {
        const problem = step.searchPattern === undefined ? undefined : patternProblem(step.searchPattern);
        if (problem !== undefined)
          ctx.addIssue({ code: 'custom', path: ['tasks', i, 'plan', s, 'searchPattern'], message: `task "${t.id}", step ${s + 1}: ${problem}` });
      }
      for (const problem of planProblems(t)) ctx.addIssue({ code: 'custom', path: ['tasks', i, ...problem.path], message: problem.message });
    }
  })
  .transform(({ target, ...suite }) => ({ ...suite, ...(target === undefined ? {} : { targetServer: target }) }));
export type Suite = z.infer<typeof suiteSchema>;

/** References that name no earlier step, and checks that need a plan the task lacks: each with where it is and what to fix. */
function planProblems(task: z.output<typeof taskSchema>): Array<{ path: PropertyKey[]; message: string }> {
  const problems: Array<{ path: PropertyKey[]; message: string }> = [];
  const { plan } = task;
  for (const [s, step] of plan.entries()) {
    for (const [key, value] of Object.entries(step.args)) {
      const problem = isStepReference(value) ? referenceProblem(plan, value.$from, s + 1) : undefined;
      if (problem !== undefined) problems.push({ path: ['plan', s, 'args', key], message: `task "${task.id}", step ${s + 1}, argument "${key}": ${problem}` });
    }
  }
  const { check } = task;
  if (check.kind === 'answer' && isStepReference(check.expected)) {
    const problem = referenceProblem(plan, check.expected.$from, plan.length + 1);
    if (problem !== undefined) problems.push({ path: ['check', 'expected'], message: `task "${task.id}", check: ${problem}` });
  }
  if (check.kind === 'selection' && plan.length === 0) {
    problems.push({ path: ['plan'], message: `task "${task.id}": a selection check judges the tool chosen for the plan's first step; write the plan` });
  }
  return problems;
}

/** Why `{$from}` in step `step` (plan.length + 1 for the check) names no step it can use, if it does not. */
function referenceProblem(plan: readonly PlanStep[], from: number, step: number): string | undefined {
  if (from > plan.length)
    return `{$from: ${from}} refers to step ${from}, but the task's plan has ${plan.length === 0 ? 'no steps' : `only ${counted(plan.length, 'step')}`}`;
  if (from >= step)
    return `{$from: ${from}} refers to step ${from}, which does not come before step ${step} (steps are numbered from 1; a step can use only the steps before it)`;
  if (plan[from - 1]!.negotiate === true)
    return `{$from: ${from}} refers to step ${from}, a negotiate step, whose rounds have no one result; refer to step ${from + 1}, which closes the deal`;
  return undefined;
}

/** The keys any object of a suite file may have, for "did you mean" suggestions on a misspelled one. */
export const SUITE_KEYS: readonly string[] = [
  ...new Set(
    [
      serverAuthSchema,
      stdioServerSchema,
      httpServerSchema,
      stepReferenceSchema,
      planStepSchema,
      answerCheckSchema,
      dealCheckSchema,
      selectionCheckSchema,
      noToolCheckSchema,
      taskSchema,
      conditionEffectSchema,
      toolSearchBlockSchema,
      suiteFileSchema,
    ].flatMap((schema) => Object.keys(schema.shape)),
  ),
  'default',
  'values',
].sort();

/** Where the generated JSON Schema of a suite file ships, for `tdo init` to name in the suites it writes. */
export const SUITE_SCHEMA_FILE = fileURLToPath(new URL('./suite.schema.json', import.meta.url));

/**
 * The JSON Schema of a suite file, as shipped in src/suite/suite.schema.json for editors (a suite file names it
 * with `# yaml-language-server: $schema=...`). A `servers` entry may also be a name from tdo.config.json.
 */
export function suiteJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(suiteSchema, { io: 'input', target: 'draft-2020-12' }) as unknown as { properties: { servers: { items: unknown } } } & Record<
    string,
    unknown
  >;
  schema.properties.servers.items = {
    anyOf: [schema.properties.servers.items, { type: 'string', description: 'the name of a server defined in tdo.config.json' }],
  };
  return { ...schema, title: 'tdo suite file' };
}
