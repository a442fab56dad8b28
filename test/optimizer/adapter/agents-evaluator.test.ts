import { describe, expect, it } from 'vitest';
import type { EvaluationRequest, Evaluator, TaskResult } from '../../../optimizer/engine/types.ts';
import { AgentInstances } from '../../../optimizer/adapter/agent-instances.ts';
import { perAgentReport } from '../../../optimizer/search/report/agent-report.ts';
import { AgentsEvaluator } from '../../../optimizer/adapter/agents-evaluator.ts';

/** An agent's evaluator over plain task ids: scores `rate` on every task, and keeps what it was asked. */
class OneAgent implements Evaluator<string> {
  readonly requests: EvaluationRequest[] = [];
  constructor(
    private readonly name: string,
    private readonly rate: number,
  ) {}
  async evaluate(request: EvaluationRequest): Promise<TaskResult<string>[]> {
    this.requests.push(request);
    return request.taskIds.map((taskId) => ({ taskId, score: this.rate, metrics: { success: this.rate }, trace: `${this.name}:${taskId}` }));
  }
}

const request = (taskIds: string[], ordinal = 7): EvaluationRequest => ({ ordinal, purpose: 'val', iteration: 1, texts: { t: 'x' }, taskIds });

describe('AgentInstances', () => {
  it('is the task itself with one agent, and task@agent with several', () => {
    expect(new AgentInstances(['sim'], ['t1', 't2']).of(['t1', 't2'])).toEqual(['t1', 't2']);
    const two = new AgentInstances(['sim:a', 'sim:b'], ['t1', 't2']);
    expect(two.of(['t1', 't2'])).toEqual(['t1@sim:a', 't1@sim:b', 't2@sim:a', 't2@sim:b']);
    expect(two.get('t2@sim:b')).toEqual({ taskId: 't2', agent: 1 });
    expect(two.agentOf('t1@sim:b')).toBe('sim:b');
    expect(() => two.get('t9@sim:a')).toThrow(/no \(task, agent\) instance/);
    expect(() => new AgentInstances(['sim:a', 'sim:a'], ['t1'])).toThrow(/repeated: sim:a/);
  });
});

describe('AgentsEvaluator', () => {
  it("hands each agent its own tasks at the request's ordinal, and returns the results in the order asked, keyed by instance", async () => {
    const instances = new AgentInstances(['sim:a', 'sim:b'], ['t1', 't2']);
    const [a, b] = [new OneAgent('a', 1), new OneAgent('b', 0)];
    const evaluator = new AgentsEvaluator([a, b], instances);
    const ids = ['t2@sim:b', 't1@sim:a', 't2@sim:a'];
    const results = await evaluator.evaluate(request(ids));
    expect(a.requests.map((r) => [r.ordinal, r.taskIds])).toEqual([[7, ['t1', 't2']]]);
    expect(b.requests.map((r) => [r.ordinal, r.taskIds])).toEqual([[7, ['t2']]]);
    expect(results.map((r) => [r.taskId, r.score, r.trace])).toEqual([
      ['t2@sim:b', 0, 'b:t2'],
      ['t1@sim:a', 1, 'a:t1'],
      ['t2@sim:a', 1, 'a:t2'],
    ]);
    expect(evaluator.resultsOf({ t: 'x' }, ['t1@sim:a', 't2@sim:b'])?.map((r) => r.score)).toEqual([1, 0]);
    expect(evaluator.resultsOf({ t: 'y' }, ['t1@sim:a'])).toBeUndefined();
    expect(evaluator.resultsOf({ t: 'x' }, ['t1@sim:b'])).toBeUndefined();
  });

  it('passes a one-agent request through unchanged', async () => {
    const only = new OneAgent('a', 1);
    const results = await new AgentsEvaluator([only], new AgentInstances(['sim'], ['t1', 't2'])).evaluate(request(['t1', 't2'], 3));
    expect(only.requests).toEqual([request(['t1', 't2'], 3)]);
    expect(results.map((r) => r.taskId)).toEqual(['t1', 't2']);
  });
});

describe('perAgentReport', () => {
  it("splits a candidate's results by agent and names the agent it serves worst on each split", () => {
    const instances = new AgentInstances(['sim:a', 'sim:b'], ['t1', 't2']);
    const ids = instances.of(['t1', 't2']);
    const results = (scores: number[]) => ids.map((taskId, i) => ({ taskId, score: scores[i]!, metrics: { success: scores[i]! }, trace: null }));
    const report = perAgentReport(instances, ['r-a', 'r-b'], 'worst', {
      // t1@a, t1@b, t2@a, t2@b
      seed: { val: results([1, 0, 1, 1]), test: results([0, 1, 0, 1]), paraphrase: null },
      best: { val: results([1, 1, 1, 1]), test: results([1, 1, 0, 1]), paraphrase: null },
    });
    expect(report.agents.map((a) => [a.agent, a.runId, a.seed.val?.success.rate, a.seed.test?.success.rate, a.best.test?.success.rate])).toEqual([
      ['sim:a', 'r-a', 1, 0, 0.5],
      ['sim:b', 'r-b', 0.5, 1, 1],
    ]);
    expect(report.agents[0]!.seed.paraphrase).toBeNull();
    expect(report.worst.seed.val).toMatchObject({ agent: 'sim:b', scores: { score: 0.5, success: { n: 2 } } });
    expect(report.worst.seed.test?.agent).toBe('sim:a');
    // a tie goes to the agent listed first
    expect(report.worst.best.val?.agent).toBe('sim:a');
    expect(report.worst.best.paraphrase).toBeNull();
  });
});
