import { performance } from 'node:perf_hooks';
import type { Agent, AgentContext, AgentResult } from '../agent.ts';
import type { CatalogueTool, ToolOutcome } from '../../host/catalogue-types.ts';
import { mapArguments } from './arguments.ts';
import { chooseFallback, type FallbackChoice } from './fallback.ts';
import { resolveSimParams, type SimParams, type SimParamsOverrides } from './params.ts';
import { rankTools, type RankedTool } from './rank.ts';
import { stepRng } from './step-rng.ts';

/** What sim records as the "model output" of one selection decision. */
export interface SimDecision {
  chosen: string;
  scores: RankedTool[];
  fallback?: { after: string; error: string; reason: FallbackChoice['reason'] };
}

/**
 * The simulated agent (DESIGN.md section 4): walks the task's reference plan and, for each step, picks a
 * tool from the step's intent sentence and the catalogue alone, maps the step's arguments onto the chosen
 * tool, and calls it. It never reads the plan's tool labels or the task's check.
 */
export class SimAgent implements Agent {
  readonly id = 'sim';
  readonly params: SimParams;

  constructor(overrides: SimParamsOverrides = {}) {
    this.params = resolveSimParams(overrides);
  }

  async run(ctx: AgentContext): Promise<AgentResult> {
    const tools = ctx.catalogue.tools;
    if (tools.length === 0) return { answer: null, stop: 'gave_up', note: 'sim gave up: the catalogue has no tools.' };
    let answer = '';
    for (const [index, step] of ctx.task.plan.entries()) {
      const started = performance.now();
      const ranked = rankTools(step.intent, tools, stepRng(ctx.seed, index), this.params);
      const first = ranked[0]!;
      this.record(ctx, step.intent, tools, { chosen: first.name, scores: this.top(ranked) }, started);
      const outcome = await this.call(ctx, tools, first.name, step.args);
      if (!outcome.isError) {
        answer = outcome.text;
        continue;
      }

      const fallback = chooseFallback(ranked, tools, first.name, outcome.text);
      const where = `step ${index + 1} ("${step.intent}")`;
      if (fallback === undefined) return giveUp(`${where}: ${first.name} returned an error and there is no other tool: ${brief(outcome.text)}`);
      this.record(
        ctx,
        step.intent,
        tools,
        { chosen: fallback.name, scores: this.top(ranked), fallback: { after: first.name, error: outcome.text, reason: fallback.reason } },
        performance.now(),
      );
      const retried = await this.call(ctx, tools, fallback.name, step.args);
      if (retried.isError) {
        return giveUp(`${where}: ${first.name} returned an error (${brief(outcome.text)}) and so did the fallback ${fallback.name} (${brief(retried.text)})`);
      }
      answer = retried.text;
    }
    return { answer, stop: 'answered' };
  }

  private call(ctx: AgentContext, tools: readonly CatalogueTool[], name: string, planArgs: Record<string, unknown>): Promise<ToolOutcome> {
    const tool = tools.find((t) => t.name === name)!;
    return ctx.tools.call(name, mapArguments(planArgs, tool.inputSchema));
  }

  private top(ranked: RankedTool[]): RankedTool[] {
    return ranked.slice(0, this.params.recordedCandidates);
  }

  private record(ctx: AgentContext, intent: string, tools: readonly CatalogueTool[], decision: SimDecision, started: number): void {
    ctx.modelCalls.record({
      model: 'sim',
      input: { intent, candidates: tools.map((t) => t.name) },
      output: decision,
      latencyMs: performance.now() - started,
    });
  }
}

function giveUp(reason: string): AgentResult {
  return { answer: null, stop: 'gave_up', note: `sim gave up at ${reason}; without that step's output it cannot go on.` };
}

/** Error texts can be long; notes keep the first line, shortened. */
function brief(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
