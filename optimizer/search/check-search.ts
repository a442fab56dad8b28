// What an optimize search must satisfy before anything is connected or written: its settings on its suite
// (the CLI checks these before it opens the trace store) and the rest of the request.
import { inputError, isSimulatedAgentId, type LoadedSuite, selectionCompetitors } from '../../src/index.ts';
import { minimumBudget } from '../engine/engine.ts';
import type { OptimizeRequest } from './optimize-request.ts';
import type { OptimizeSettings } from './settings.ts';
import type { TargetName } from '../adapter/targets.ts';

/**
 * What a search's settings must satisfy on its suite, read from the two alone: the CLI checks it before it opens
 * the trace store, so a mistyped server leaves no new database behind, and optimize checks it again.
 */
export function checkSearch(loaded: LoadedSuite, settings: OptimizeSettings): void {
  const suite = loaded.suite;
  if (!suite.servers.some((s) => s.name === settings.server)) {
    throw inputError(`suite "${suite.name}" has no server "${settings.server}" (it connects ${suite.servers.map((s) => s.name).join(', ')})`);
  }
  if (settings.target === 'selection' && selectionCompetitors(suite, settings.server).length === 0)
    throw inputError(
      `--target selection scores the share of first choices that go to ${settings.server} against the suite's other servers, and suite "${suite.name}" has none: every first choice is ${settings.server}'s, so the seed scores 1 and the search measures nothing. Add a competing server to the suite, or use --target success`,
    );
  const count = (split: string) => suite.tasks.filter((t) => t.split === split).length;
  const [train, val] = [count('train'), count('val')];
  if (train === 0 || val === 0) throw inputError(`suite "${suite.name}" needs train and val tasks to optimize (it has ${train} train and ${val} val)`);
  if (settings.minibatch > train) throw inputError(`minibatch ${settings.minibatch} is larger than the ${train} train tasks of suite "${suite.name}"`);
  // every agent runs every task, so each task is as many metric calls as there are agents
  const agents = settings.agents?.length ?? 1;
  const [valCalls, batchCalls] = [val * agents, settings.minibatch * agents];
  const needed = minimumBudget(valCalls, batchCalls);
  if (settings.budget < needed) {
    const each = agents === 1 ? '' : ` (${agents} agents each)`;
    throw inputError(
      `budget ${settings.budget} is too small: the seed's validation takes ${valCalls} metric calls and one iteration ${2 * batchCalls}${each}; give --budget ${needed} or more`,
    );
  }
}

/**
 * Refuses a target the search cannot serve: the feedback target's rating tool needs an LLM agent and is served in
 * this process. Takes the agents' ids, so a caller can check before it builds them.
 */
export function checkTarget(target: TargetName, agentIds: readonly string[], { queued }: { queued: boolean }): void {
  if (target !== 'feedback') return;
  if (queued) throw inputError('the feedback target cannot run on queue workers yet: its rating tool is served in this process; drop --queue');
  const sim = agentIds.find(isSimulatedAgentId);
  if (sim !== undefined) {
    const which = agentIds.length === 1 ? 'the sim agent' : `the sim agent ${sim}`;
    throw inputError(`the feedback target needs an LLM agent (--agent llm --model M): ${which} only models tool selection and cannot rate the tools it used`);
  }
}

/** What the whole request must satisfy, its agents and gate included, before anything is connected. */
export function checkRequest(req: OptimizeRequest): void {
  const { settings, loaded } = req;
  const suite = loaded.suite;
  const agents = req.agents ?? [req.agent];
  if (agents.length !== (settings.agents?.length ?? 1))
    throw new Error(`${agents.length} agents given for the ${settings.agents?.length ?? 1} in the settings`);
  checkSearch(loaded, settings);
  if (agents.length > 1 && req.seedRuns !== undefined)
    throw inputError('recorded episodes (--traces) can stand for the seed of a one-agent search only; drop --traces or give one --agent');
  if (settings.honestyGate === true && req.gate === undefined) throw new Error('settings.honestyGate is on but no gate was given');
  checkTarget(
    settings.target,
    agents.map((a) => a.id),
    { queued: req.executor !== undefined },
  );
  for (const agent of agents) {
    const refused = agent.refuse?.(suite.tasks);
    if (refused !== undefined) throw inputError(`suite "${suite.name}": ${refused}`);
  }
}
