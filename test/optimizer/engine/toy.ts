// A toy problem for the engine: task `<component>:<word>` scores 1 when that component's text contains the word.
import type { EvaluationRequest, Evaluator, Proposal, ProposalRequest, Proposer, Reflector, TaskResult, Texts } from '../../../optimizer/engine/types.ts';

export type ToyTrace = { component: string; word: string };

export function toyTask(component: string, word: string): string {
  return `${component}:${word}`;
}

export class ToyEvaluator implements Evaluator<ToyTrace> {
  readonly requests: EvaluationRequest[] = [];
  async evaluate(request: EvaluationRequest): Promise<TaskResult<ToyTrace>[]> {
    this.requests.push(request);
    return request.taskIds.map((taskId) => {
      const [component, word] = taskId.split(':') as [string, string];
      const hit = (request.texts[component] ?? '').split(' ').includes(word);
      return { taskId, score: hit ? 1 : 0, metrics: { hit: hit ? 1 : 0 }, trace: { component, word } };
    });
  }
}

export const toyReflector: Reflector<ToyTrace, string> = {
  reflectiveDataset: (_texts: Texts, component: string, results: TaskResult<ToyTrace>[]) =>
    results.filter((r) => r.score < 1 && r.trace.component === component).map((r) => r.trace.word),
  blame(texts: Texts, results: TaskResult<ToyTrace>[]) {
    const blame: Record<string, number> = {};
    for (const r of results) if (r.score < 1) blame[r.trace.component] = (blame[r.trace.component] ?? 0) + 1;
    return blame;
  },
};

/** Appends the first missed word: a perfect reflective proposer. */
export const learningProposer: Proposer<string> = {
  id: 'toy',
  async propose(request: ProposalRequest<string>): Promise<Proposal> {
    const word = request.dataset[0];
    if (word === undefined) return { ok: false, reason: 'nothing missed', detail: {} };
    return { ok: true, text: `${request.texts[request.component]} ${word}`, detail: { word } };
  },
};

/** Always proposes the same text it was given plus a word no task asks for. */
export const uselessProposer: Proposer<string> = {
  id: 'useless',
  async propose(request: ProposalRequest<string>): Promise<Proposal> {
    return { ok: true, text: `${request.texts[request.component]} noise`, detail: {} };
  },
};
