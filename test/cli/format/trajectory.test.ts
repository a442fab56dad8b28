// `tdo traces show` and `traces list` as text: what explains each choice, and a list that says when it was cut.
import { describe, expect, it } from 'vitest';
import { renderEpisodeList, renderTrajectory } from '../../../cli/format/trajectory.ts';
import type { EpisodeSummary, StepRow, Trajectory } from '../../../traces/index.ts';

const episode = {
  id: 'e-1',
  runId: 'r-1',
  taskId: 'notes-sum',
  split: 'val',
  repeatIndex: 0,
  evaluation: null,
  seed: 1,
  status: 'completed',
  startedAt: '2026-11-30T00:00:00Z',
  finishedAt: '2026-11-30T00:00:01Z',
  answer: '69504',
  success: true,
  feedback: 'Correct.',
  stopReason: 'answered',
  note: null,
} as const;

function modelStep(seq: number, model: string, input: unknown, output: unknown): StepRow {
  return {
    id: seq,
    episodeId: 'e-1',
    seq,
    kind: 'model',
    startedAt: '',
    latencyMs: 1,
    model,
    input,
    output,
    tokensIn: null,
    tokensOut: null,
    cached: false,
    cost: null,
    tokensEstimated: null,
  };
}

describe('traces show', () => {
  it("prints a sim step's intent above its choice", () => {
    const t: Trajectory = {
      episode: { ...episode },
      steps: [
        modelStep(
          0,
          'sim',
          { intent: 'add up the numbers in notes.txt', candidates: ['read_file', 'calculate'] },
          {
            chosen: 'read_file',
            scores: [
              { name: 'read_file', score: 2.1, parts: { semantic: 1.5 } },
              { name: 'calculate', score: 0.4, parts: { semantic: 0.2 } },
            ],
          },
        ),
      ],
      scores: [],
    };
    const lines = renderTrajectory(t).split('\n');
    const intent = lines.findIndex((l) => l.includes('intent "add up the numbers in notes.txt"'));
    const chose = lines.findIndex((l) => l.includes('chose read_file'));
    expect(intent).toBeGreaterThan(0);
    expect(chose).toBe(intent + 1);
  });

  it("prints where the step's labelled tools ranked, with their scores' parts, and says when one was no candidate", () => {
    const t: Trajectory = {
      episode: { ...episode, success: false },
      steps: [
        modelStep(
          0,
          'sim',
          { intent: 'forget everything about Carol', candidates: ['create_tasks', 'add_notes', 'delete_tasks'] },
          {
            chosen: 'create_tasks',
            scores: [{ name: 'create_tasks', score: 1.2, parts: { relevance: 0.8, semantic: 0.4 } }],
            labelled: [
              { label: 'board/delete_tasks', name: 'delete_tasks', rank: 3, score: 0.35, parts: { relevance: 0.1, semantic: 0.25 } },
              { label: 'files/remove', name: null, rank: null, score: null, parts: null },
            ],
          },
        ),
        modelStep(
          1,
          'sim',
          { intent: 'create Carol', candidates: ['create_tasks', 'delete_tasks'] },
          {
            chosen: 'create_tasks',
            scores: [{ name: 'create_tasks', score: 1.5, parts: { relevance: 1 } }],
            labelled: [{ label: 'create_tasks', name: 'create_tasks', rank: 1, score: 1.5, parts: { relevance: 1 } }],
          },
        ),
      ],
      scores: [],
    };
    const text = renderTrajectory(t);
    expect(text).toContain('labelled board/delete_tasks (as delete_tasks): rank 3 of 3, 0.35 (relevance 0.10, semantic 0.25)');
    expect(text).toContain('labelled files/remove: not among the 3 candidates');
    expect(text).toContain('labelled create_tasks: rank 1 of 2, chosen, 1.50 (relevance 1.00)');
  });

  it("prints an LLM's own words above the calls it made", () => {
    const t: Trajectory = {
      episode: { ...episode },
      steps: [
        modelStep(0, 'gpt-x', [], {
          role: 'assistant',
          content: 'I will read the notes first.',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"notes.txt"}' } }],
        }),
      ],
      scores: [],
    };
    const text = renderTrajectory(t);
    expect(text).toMatch(/says: I will read the notes first\.\n\s+calls read_file \{"path":"notes.txt"\}/);
  });
});

describe('traces list', () => {
  const row = (i: number): EpisodeSummary => ({ ...episode, id: `e-${i}`, toolCalls: 2 });

  it('says when the list reached its limit and how to see more', () => {
    expect(renderEpisodeList([row(1), row(2)], 2)).toMatch(/showing the 2 newest; --limit N shows more/);
    expect(renderEpisodeList([row(1)], 2)).not.toMatch(/showing the/);
  });
});
