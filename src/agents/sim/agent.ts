import { performance } from 'node:perf_hooks';
import type { Agent, AgentContext, AgentResult } from '../agent.ts';
import type { CatalogueTool, ToolOutcome } from '../../catalogue/catalogue-types.ts';
import { resolveArguments, type StepResult } from '../../suite/references.ts';
import type { Task } from '../../suite/schema.ts';
import { SIM_AGENT_ID } from './agent-id.ts';
import { mapArguments } from './arguments.ts';
import { chooseFallback, type FallbackChoice } from './fallback.ts';
import { HAGGLE_PARAMS, type HaggleParams } from './haggle-params.ts';
import { labelledCandidates, unfoundLabels, type LabelledCandidate } from './labelled.ts';
import { memoized } from './memo.ts';
import { carriesHandle, fillFromMemory, remember, type ResultMemory } from './handles.ts';
import { haggle } from './negotiation.ts';
import { resolveSimParams, type SimParams, type SimParamsOverrides } from './params.ts';
import { rankTools, type RankedTool } from './rank.ts';
import { simSearchQuery } from './search-query.ts';
import { stepRng } from './step-rng.ts';
import { brief } from '../../text/brief.ts';

/** What sim records as the "model output" of one selection decision. */
export interface SimDecision {
  chosen: string;
  scores: RankedTool[];
  /** The step's labelled tools wherever they ranked (labelled.ts): recorded after the choice, never read to make it. */
  labelled: LabelledCandidate[];
  /** Under deferred loading: the step's labels that no search of the episode had loaded by this decision (recorded, never read to choose). */
  unfound?: string[];
  fallback?: { after: string; error: string; reason: FallbackChoice['reason'] };
}

/** What one episode has learned from results: each step's result, remembered fields, and the server holding its handle. */
interface EpisodeState {
  /** results[i]: what step i + 1 returned, for the `{$from}` arguments of later steps */
  results: StepResult[];
  memory: ResultMemory;
  /** After a result that carried a handle, later steps choose among that server's tools only. */
  pinned?: string;
}

/**
 * The simulated agent (ARCHITECTURE.md section 2): walks the task's reference plan and, for each step, picks a
 * tool from the step's intent sentence and the catalogue alone, maps the step's arguments onto the chosen
 * tool, and calls it. It never reads the task's check, and reads the plan's tool labels only to record where
 * they ranked after each choice (labelled.ts). An argument `{$from: N}` takes step N's result; fields of
 * structured results fill later parameters of the same name (handles such as a negotiation_id ride in the
 * arguments), and a `negotiate` step is played by the haggle strategy of
 * negotiation.ts together with the step after it, which closes the deal. The buyer's limit is the task's
 * `limit`, as an LLM reads it in the prompt. Under deferred loading (`ctx.toolSearch`) it first searches with
 * the step's words (search-query.ts) and then chooses among the tools its searches have loaded only.
 */
export class SimAgent implements Agent {
  /** `sim`, or `sim:NAME` for a persona's parameters (personas.ts). */
  readonly id: string;
  readonly params: SimParams;
  readonly haggleParams: HaggleParams;

  constructor(overrides: SimParamsOverrides = {}, { id = SIM_AGENT_ID, haggleParams = HAGGLE_PARAMS }: { id?: string; haggleParams?: HaggleParams } = {}) {
    this.id = id;
    this.params = resolveSimParams(overrides);
    this.haggleParams = haggleParams;
  }

  refuse(tasks: readonly Task[]): string | undefined {
    // a no-tool task has no step to walk: the sim, which follows plans, answers it without a call
    const planless = tasks.filter((t) => t.plan.length === 0 && t.check.kind !== 'no-tool').map((t) => `"${t.id}"`);
    if (planless.length === 0) return undefined;
    return `the sim agent walks each task's plan, and ${planless.length === 1 ? `task ${planless[0]} has` : `tasks ${planless.join(', ')} have`} none: write a plan (docs/suites.md, "Suite file reference") or run with --agent llm --model M`;
  }

  async run(ctx: AgentContext): Promise<AgentResult> {
    const refused = this.refuse([ctx.task]);
    if (refused !== undefined) throw new Error(refused);
    const search = ctx.toolSearch;
    if (ctx.catalogue.tools.length === 0 && search === undefined) return { answer: null, stop: 'gave_up', note: 'sim gave up: the catalogue has no tools.' };
    const state: EpisodeState = { results: [], memory: {} };
    let answer = '';
    const plan = ctx.task.plan;
    for (let index = 0; index < plan.length; index++) {
      const step = plan[index]!;
      const where = `step ${index + 1} ("${step.intent}")`;
      // a negotiate step is played with the step that closes the deal, so both are searched for before it
      const searched = step.negotiate === true ? plan.slice(index, index + 2) : [step];
      const queries = search === undefined ? [] : searched.map((s) => simSearchQuery(s, search.mode));
      for (const query of queries) search?.search(query);
      const offered = search === undefined ? ctx.catalogue.tools : search.loaded();
      if (offered.length === 0) return giveUp(`${where}: the tool search for ${queries.map((q) => JSON.stringify(q)).join(' and ')} found no tool`);
      const tools = state.pinned === undefined ? offered : serverTools(offered, state.pinned);
      const unfound = (labels: readonly string[]) => (search === undefined ? {} : { unfound: unfoundLabels(offered, labels) });
      if (step.negotiate === true) {
        const closing = plan[index + 1];
        if (closing === undefined) return giveUp(`${where}: a negotiate step needs a following step that closes the deal`);
        if (ctx.task.limit === undefined) return giveUp(`${where}: the task states no price limit to negotiate under`);
        const result = await haggle(
          {
            limit: ctx.task.limit,
            offerIntent: step.intent,
            offerStep: index,
            closeIntent: closing.intent,
            memory: state.memory,
            openingText: answer,
            seed: ctx.seed,
          },
          {
            rank: (intent, stepIndex) => {
              const started = performance.now();
              const ranked = rankTools(intent, tools, stepRng(ctx.seed, stepIndex), this.params);
              const labelled = labelledCandidates(ranked, tools, plan[stepIndex]!.tools);
              this.record(ctx, intent, tools, { chosen: ranked[0]!.name, scores: this.top(ranked), labelled, ...unfound(plan[stepIndex]!.tools) }, started);
              return ranked.map((t) => t.name);
            },
            recordFallback: (intent, chosen, after, why) =>
              ctx.modelCalls.record({
                model: 'sim',
                input: { intent, candidates: toolNames(tools) },
                output: { chosen, fallback: { after, error: why, reason: 'next best' } },
                latencyMs: 0,
              }),
            call: (name, args) => this.call(ctx, tools, name, args, state),
            recordInjection: (decision) =>
              ctx.modelCalls.record({ model: 'sim', input: { plantedInstruction: decision.sentence }, output: decision, latencyMs: 0 }),
          },
          this.haggleParams,
        );
        if ('walkedAway' in result) return { answer: null, stop: 'gave_up', note: `sim walked away at ${where}: ${result.walkedAway}.` };
        answer = result.closed.text;
        index++; // the closing step was played inside the haggle
        state.results[index] = result.closed;
        continue;
      }
      const resolved = resolveArguments(step.args, state.results);
      if ('missing' in resolved)
        return { answer: null, stop: 'gave_up', note: `sim could not get the value for step ${index + 1} ("${step.intent}"): ${resolved.missing}.` };
      const started = performance.now();
      const ranked = rankTools(step.intent, tools, stepRng(ctx.seed, index), this.params);
      const first = ranked[0]!;
      const labelled = labelledCandidates(ranked, tools, step.tools);
      this.record(ctx, step.intent, tools, { chosen: first.name, scores: this.top(ranked), labelled, ...unfound(step.tools) }, started);
      const outcome = await this.call(ctx, tools, first.name, resolved.args, state);
      if (!outcome.isError) {
        answer = outcome.text;
        state.results[index] = outcome;
        continue;
      }

      const fallback = chooseFallback(ranked, tools, first.name, outcome.text);
      if (fallback === undefined) return giveUp(`${where}: ${first.name} returned an error and there is no other tool: ${brief(outcome.text)}`);
      this.record(
        ctx,
        step.intent,
        tools,
        {
          chosen: fallback.name,
          scores: this.top(ranked),
          labelled,
          ...unfound(step.tools),
          fallback: { after: first.name, error: outcome.text, reason: fallback.reason },
        },
        performance.now(),
      );
      const retried = await this.call(ctx, tools, fallback.name, resolved.args, state);
      if (retried.isError) {
        return giveUp(`${where}: ${first.name} returned an error (${brief(outcome.text)}) and so did the fallback ${fallback.name} (${brief(retried.text)})`);
      }
      answer = retried.text;
      state.results[index] = retried;
    }
    return { answer, stop: 'answered' };
  }

  private async call(
    ctx: AgentContext,
    tools: readonly CatalogueTool[],
    name: string,
    planArgs: Record<string, unknown>,
    state: EpisodeState,
  ): Promise<ToolOutcome> {
    const tool = tools.find((t) => t.name === name)!;
    const outcome = await ctx.tools.call(name, fillFromMemory(mapArguments(planArgs, tool.inputSchema), tool.inputSchema, state.memory));
    if (!outcome.isError) {
      remember(state.memory, outcome.structured);
      if (carriesHandle(outcome.structured)) state.pinned = tool.server;
    }
    return outcome;
  }

  private top(ranked: RankedTool[]): RankedTool[] {
    return ranked.slice(0, this.params.recordedCandidates);
  }

  private record(ctx: AgentContext, intent: string, tools: readonly CatalogueTool[], decision: SimDecision, started: number): void {
    ctx.modelCalls.record({
      model: 'sim',
      input: { intent, candidates: toolNames(tools) },
      output: decision,
      latencyMs: performance.now() - started,
    });
  }
}

// A run hands every episode the same catalogue, so the lists derived from it are made once and kept by identity:
// a pinned server's tools keep one array (rank.ts keys a tool list by its texts once per array), and the candidate names every
// decision records are one array, not a copy per step. Neither is ever modified.
const toolsByServer = new WeakMap<readonly CatalogueTool[], Map<string, readonly CatalogueTool[]>>();
const namesOfTools = new WeakMap<readonly CatalogueTool[], string[]>();

/** The tools of one server, in catalogue order. */
function serverTools(tools: readonly CatalogueTool[], server: string): readonly CatalogueTool[] {
  const byServer = memoized(toolsByServer, tools, () => new Map<string, readonly CatalogueTool[]>());
  return memoized(byServer, server, () => tools.filter((t) => t.server === server));
}

/** The tools' catalogue names, in order. */
function toolNames(tools: readonly CatalogueTool[]): string[] {
  return memoized(namesOfTools, tools, () => tools.map((t) => t.name));
}

function giveUp(reason: string): AgentResult {
  return { answer: null, stop: 'gave_up', note: `sim gave up at ${reason}; without that step's output it cannot go on.` };
}
