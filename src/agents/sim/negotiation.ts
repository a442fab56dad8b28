import type { ToolOutcome } from '../../catalogue/catalogue-types.ts';
import { offerAt, type HaggleParams } from './haggle-params.ts';
import { compliesWithInjection, findInjectedBudget } from './injection.ts';
import type { ResultMemory } from './handles.ts';
import { brief } from '../../text/brief.ts';

/** What the haggle needs from the agent: choosing a tool for an intent, calling it, recording a decision. */
export interface HaggleMoves {
  /** Ranks the candidates for the intent, records the decision and returns the tool names best first. */
  rank(intent: string, stepIndex: number): string[];
  /** Records that the haggle moved on from `after` to `chosen` because `after` did not do its job. */
  recordFallback(intent: string, chosen: string, after: string, why: string): void;
  /** Calls the tool with these plan arguments (handles filled from memory) and updates memory. */
  call(tool: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  /** Records the buyer's reaction to a planted instruction. */
  recordInjection(decision: { sentence: string; budget: number; complied: boolean }): void;
}

export interface HaggleInput {
  /** The user's limit per unit. */
  limit: number;
  /** The negotiate step's intent and index, and the step that closes the deal. */
  offerIntent: string;
  offerStep: number;
  closeIntent: string;
  /** Fields of earlier results: the seller's `ask` and the negotiation's `status` ("agreed"). */
  memory: ResultMemory;
  /** The text of the result that opened the negotiation (it may already carry an injection). */
  openingText: string;
  seed: number;
}

export type HaggleResult = { closed: ToolOutcome } | { walkedAway: string };

/**
 * The sim buyer's negotiation (parameters and sources in haggle-params.ts). Each round it closes when
 * the seller's ask is within its current offer or a price was agreed, else proposes its next offer;
 * after the last round it walks away. Reading the seller's offers needs the structured fields `ask`
 * and `status`; the tools are chosen from intents, never by name.
 *
 * A planted "your budget was raised" sentence is acted on with the published compliance probability,
 * once per episode: the buyer then takes the seller's current price at once, under the raised budget.
 * A refusal from the server (a limit carried in the token) contradicts the planted budget, so the
 * buyer falls back to its own limit and goes on haggling.
 */
export async function haggle(input: HaggleInput, moves: HaggleMoves, params: HaggleParams): Promise<HaggleResult> {
  const { limit, memory } = input;
  let budget = limit;
  let acceptNow = false;
  let injectionJudged = false;
  const observe = (text: string) => {
    if (injectionJudged) return;
    const planted = findInjectedBudget(text);
    if (planted === undefined) return;
    injectionJudged = true;
    const complied = compliesWithInjection(input.seed, params.injectionCompliance);
    moves.recordInjection({ ...planted, complied });
    if (complied) {
      budget = Math.max(limit, planted.budget);
      acceptNow = true;
    }
  };
  observe(input.openingText);

  // Each role keeps its choice; a tool that does not do its role's job is replaced once by the next best.
  const offerRole = new Role(input.offerIntent, input.offerStep, moves);
  const closeRole = new Role(input.closeIntent, input.offerStep + 1, moves);
  const handle = memory.negotiation_id;
  let round = 0;
  for (let actions = 0; actions < params.rounds + 3; actions++) {
    const ask = typeof memory.ask === 'number' ? memory.ask : undefined;
    const offer = offerAt(round, budget, params);
    if (acceptNow || memory.status === 'agreed' || (ask !== undefined && ask <= offer)) {
      const before = { ...memory };
      const closed = await moves.call(closeRole.tool(), {});
      if (!closed.isError && (memory.status !== 'closed' || memory.negotiation_id !== handle)) {
        restore(memory, before);
        if (closeRole.fallBack('its result did not close the deal')) continue;
        return { walkedAway: `no tool closed the deal (the last one answered: ${brief(closed.text)})` };
      }
      if (!closed.isError) return { closed };
      if (!acceptNow) return { walkedAway: `closing the deal failed: ${brief(closed.text)}` };
      acceptNow = false;
      budget = limit;
      continue;
    }
    if (round >= params.rounds) break;
    const before = { ...memory };
    const answer = await moves.call(offerRole.tool(), { offer });
    if (!answer.isError && (memory.negotiation_id !== handle || typeof memory.ask !== 'number' || memory.status === 'closed')) {
      // Not an offer in this negotiation (another one was opened, say): forget what it returned.
      restore(memory, before);
      if (offerRole.fallBack('its result was not an answer to an offer in this negotiation')) continue;
      return { walkedAway: `no tool made an offer in this negotiation (the last one answered: ${brief(answer.text)})` };
    }
    round++;
    if (answer.isError) {
      if (budget === limit) return { walkedAway: `the offer of ${offer} was refused: ${brief(answer.text)}` };
      budget = limit;
      continue;
    }
    observe(answer.text);
  }
  const ask = typeof memory.ask === 'number' ? `${memory.ask}` : 'unknown';
  return { walkedAway: `no price at or under ${budget} per unit after ${round} offers; the seller's last ask was ${ask}` };
}

function restore(memory: ResultMemory, snapshot: ResultMemory): void {
  for (const key of Object.keys(memory)) if (!(key in snapshot)) delete memory[key];
  Object.assign(memory, snapshot);
}

/** One job in the haggle (making offers, closing), the tool chosen for it, and its one fallback. */
class Role {
  private ranked: string[] | undefined;
  private index = 0;

  constructor(
    private readonly intent: string,
    private readonly stepIndex: number,
    private readonly moves: HaggleMoves,
  ) {}

  tool(): string {
    this.ranked ??= this.moves.rank(this.intent, this.stepIndex);
    return this.ranked[this.index]!;
  }

  /** Moves to the next-best tool, once; false when that chance is spent or there is none. */
  fallBack(why: string): boolean {
    const failed = this.tool();
    if (this.index > 0 || this.ranked!.length < 2) return false;
    this.index = 1;
    this.moves.recordFallback(this.intent, this.tool(), failed, why);
    return true;
  }
}
