// Evaluates candidates with several agents at once (`--agents`): each agent's evaluator runs its share of
// the (task, agent) instances asked for, at the same ordinal in the agent's own run, so a resumed search
// finds every agent's episodes where it left them. With one agent it passes requests through unchanged.
import { contentHash } from '../../traces/index.ts';
import type { EvaluationRequest, Evaluator, TaskResult, Texts } from '../engine/types.ts';
import type { AgentInstances } from './agent-instances.ts';

export class AgentsEvaluator<Trace> implements Evaluator<Trace> {
  /** every result given so far, by candidate and instance: the per-agent report reads validation from here */
  private readonly given = new Map<string, TaskResult<Trace>>();

  constructor(
    /** one per agent, in the order of `instances.agentIds`, each evaluating plain task ids */
    private readonly evaluators: readonly Evaluator<Trace>[],
    private readonly instances: AgentInstances,
  ) {
    if (evaluators.length !== instances.agentIds.length) throw new Error(`${evaluators.length} evaluators for ${instances.agentIds.length} agents`);
  }

  async evaluate(request: EvaluationRequest): Promise<TaskResult<Trace>[]> {
    const found = new Map<string, TaskResult<Trace>>();
    // Every agent at once (their episodes share the search's slots); a failure is passed on once all have
    // settled, so no agent's episodes are still being recorded behind it.
    const settled = await Promise.allSettled(
      this.evaluators.map(async (evaluator, agent) => {
        const taskIds = request.taskIds.filter((id) => this.instances.get(id).agent === agent).map(this.instances.taskOf);
        if (taskIds.length === 0) return;
        for (const result of await evaluator.evaluate({ ...request, taskIds })) {
          const id = this.instances.idOf(result.taskId, agent);
          found.set(id, { ...result, taskId: id });
        }
      }),
    );
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const hash = contentHash(request.texts);
    return request.taskIds.map((id) => {
      const result = found.get(id)!;
      this.given.set(`${hash}\0${id}`, result);
      return result;
    });
  }

  /** The results these texts got on these instances earlier in the search (or its replay); undefined if any is missing. */
  resultsOf(texts: Texts, ids: readonly string[]): TaskResult<Trace>[] | undefined {
    const hash = contentHash(texts);
    const results = ids.map((id) => this.given.get(`${hash}\0${id}`));
    return results.every((r) => r !== undefined) ? results : undefined;
  }
}
