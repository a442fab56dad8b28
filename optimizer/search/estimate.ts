// What a search will ask of its models, before it starts: agent episodes and calls from the suite's splits and the
// budget, proposer calls from the iterations the budget buys, tokens from the catalogue the agent is sent. A
// simulated agent or proposer makes no model calls and is shown as such, never with tokens of its own.
import { expectedAgentCalls, type Suite } from '../../src/index.ts';

/** One part of the search: its model (null when simulated) and what it is expected to spend. */
export interface PartEstimate {
  model: string | null;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  /** dollars at the model's price; 0 when simulated; null when the model has no price */
  cost: number | null;
}

export interface SearchEstimate {
  /** episodes the search and its held-out report may run */
  episodes: number;
  agents: PartEstimate[];
  proposer: PartEstimate;
  /** what the figures take for granted, in plain sentences */
  assumptions: string;
}

export interface EstimateInput {
  suite: Pick<Suite, 'tasks'>;
  budget: number;
  minibatch: number;
  /** each evaluating agent's model; null for a sim agent */
  agentModels: (string | null)[];
  proposerModel: string | null;
  /** descriptions rewritten per iteration, one proposer call each: 1 round-robin, up to every tool of the server by attribution */
  componentsPerIteration: number;
  /** o200k_base tokens of the whole catalogue as the agent is sent it, and of the system prompt */
  definitionTokens: number;
  systemPromptTokens: number;
  /** deferred tool loading: the agent searches before its first tool call */
  toolSearch?: boolean;
  /** o200k_base tokens of the optimized server's descriptions, which the proposer reads and rewrites */
  serverDescriptionTokens: number;
  countTokens: (text: string) => number;
  priceOf: (model: string, tokensIn: number, tokensOut: number) => number | null;
}

/** A tool call with its arguments, or a short final answer. */
export const AGENT_OUTPUT_TOKENS = 50;
/** What one step of a trajectory adds to the reflection prompt (the call, its arguments and its result). */
export const REFLECTION_STEP_TOKENS = 150;

export function estimateSearch(input: EstimateInput): SearchEstimate {
  const { suite, budget, minibatch, agentModels } = input;
  const tasksOf = (split: string) => suite.tasks.filter((t) => t.split === split);
  const searched = [...tasksOf('train'), ...tasksOf('val')];
  const heldOutTasks = [...tasksOf('test'), ...tasksOf('paraphrase')];
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
  const callsOf = (task: (typeof searched)[number]) => expectedAgentCalls(task, input.toolSearch === true);
  const callsPerEpisode = mean(searched.map(callsOf)) || 1;
  const promptTokens = mean(searched.map((t) => input.countTokens(t.prompt)));
  const agentCount = agentModels.length;
  // seed and best on each held-out split, per agent
  const heldOut = 2 * heldOutTasks.length * agentCount;
  const episodes = budget + heldOut;
  const callsPerAgent = (budget / agentCount) * callsPerEpisode + 2 * heldOutTasks.reduce((s, t) => s + callsOf(t), 0);
  const agentCallIn = input.definitionTokens + input.systemPromptTokens + promptTokens;
  const agents = agentModels.map((model) => part(model, callsPerAgent, agentCallIn, AGENT_OUTPUT_TOKENS, input.priceOf));
  // each iteration runs the parent and the child on a minibatch, for every agent, after the seed's validation
  const iterations = Math.max(0, Math.floor((budget - tasksOf('val').length * agentCount) / (2 * minibatch * agentCount)));
  const proposerIn = input.serverDescriptionTokens + minibatch * agentCount * (promptTokens + callsPerEpisode * REFLECTION_STEP_TOKENS);
  const proposer = part(
    input.proposerModel,
    iterations * input.componentsPerIteration,
    proposerIn,
    input.serverDescriptionTokens + AGENT_OUTPUT_TOKENS,
    input.priceOf,
  );
  return { episodes: Math.round(episodes), agents, proposer, assumptions: assumptions(input, heldOut) };
}

function part(model: string | null, calls: number, inPerCall: number, outPerCall: number, priceOf: EstimateInput['priceOf']): PartEstimate {
  if (model === null) return { model, calls: 0, tokensIn: 0, tokensOut: 0, cost: 0 };
  const rounded = Math.round(calls);
  const tokensIn = Math.round(rounded * inPerCall);
  const tokensOut = Math.round(rounded * outPerCall);
  return { model, calls: rounded, tokensIn, tokensOut, cost: priceOf(model, tokensIn, tokensOut) };
}

function assumptions(input: EstimateInput, heldOut: number): string {
  const budget = `The whole budget is spent (a search that stops early spends less) plus ${heldOut} held-out report episodes`;
  const agent = input.agentModels.every((model) => model === null)
    ? `${budget}; the sim agent makes no model calls.`
    : `${budget}, and an LLM agent makes one call per reference-plan step and one for its answer (one call on a selection-only task, which ends at its first tool call)${input.toolSearch === true ? ' and one search before its first tool call' : ''}, each sending the ${input.definitionTokens}-token catalogue, the system prompt and the task but not the growing history, so input tokens are a floor; it writes ${AGENT_OUTPUT_TOKENS} tokens a call.`;
  const proposer =
    input.proposerModel === null
      ? 'The sim proposer makes no model calls.'
      : `The proposer is asked ${input.componentsPerIteration === 1 ? 'once per iteration' : `for each of the ${input.componentsPerIteration} descriptions in every iteration (attribution rewrites each one a failure implicates)`}, reading the server's descriptions and ${REFLECTION_STEP_TOKENS} tokens per trajectory step of its minibatch and writing a description; prices are the config's, with no prompt-cache discount.`;
  return `${agent} ${proposer}`;
}
