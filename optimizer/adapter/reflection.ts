// The reflective dataset for one tool: what each minibatch task asked, which tools were called with
// what, what came back, the score and the feedback, cut to a fixed size however long the episodes were.
import { firstChoices, labelMatches } from '../../src/index.ts';
import type { ToolCall } from '../../traces/index.ts';
import type { Reflector, TaskResult, Texts } from '../engine/types.ts';
import type { ScoredEpisode, Target } from './targets.ts';

/**
 * A call as the dataset shows it: the ToolCall's fields a proposer reads, under the same names, its
 * arguments as JSON text and texts clipped to the cap, plus whether it went to the tool being rewritten.
 */
export interface ReflectionCall extends Pick<ToolCall, 'name' | 'server' | 'output' | 'isError'> {
  /** whether this call was to the tool being rewritten */
  component: boolean;
  args: string;
}

/** Objective-agnostic facts of one episode, as the sim proposer may read them. */
export interface EpisodeView {
  task: string;
  /** the task's reference steps: what each step asks and which tools are correct for it */
  steps: Array<{ intent: string; tools: string[]; forComponent: boolean }>;
  /** false when the record carries no trajectory (a blind baseline): calls and outcome are unknown */
  observed: boolean;
  calls: ReflectionCall[];
  usedComponent: boolean;
  /**
   * Whether this tool missed the task: the agent's first choice (before any fallback) went to another
   * tool at least once, or it called no tool. Read off the calls alone, never the correct-tool labels.
   */
  missed: boolean;
  /**
   * Under deferred tool loading: whether some search of the episode returned this tool. False is a different
   * failure from being found and not chosen: the description never surfaced as search text. Absent with every
   * tool listed, and in a record without a trajectory.
   */
  componentFound?: boolean;
  success: boolean;
  /** the checker's feedback on the task, the same whatever the target */
  checkerFeedback: string;
}

/** One row of the reflective dataset: the episode plus the target's score and feedback. */
export interface ToolReflectionRecord extends EpisodeView {
  score: number;
  feedback: string;
}

export interface ReflectionCap {
  records: number;
  callsPerRecord: number;
  /** characters of any one text field (task, args, output, feedback) */
  fieldChars: number;
  /** characters of the whole dataset as JSON */
  totalChars: number;
}

export const DEFAULT_REFLECTION_CAP: ReflectionCap = { records: 8, callsPerRecord: 6, fieldChars: 400, totalChars: 8000 };

/** Ends a text field cut to the cap. */
export const TRUNCATION_MARK = '... [truncated]';

/** The text cut to `max` characters, ending with the mark when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - TRUNCATION_MARK.length))}${TRUNCATION_MARK}`;
}

function argsText(args: unknown): string {
  try {
    return JSON.stringify(args) ?? '';
  } catch {
    return String(args);
  }
}

export interface ToolReflectorOptions {
  server: string;
  target: Target;
  cap?: ReflectionCap;
  /** false: records keep only the tasks, as a random-edit baseline without reflection data would see them */
  observed?: boolean;
}

export class ToolReflector implements Reflector<ScoredEpisode, ToolReflectionRecord> {
  private readonly cap: ReflectionCap;

  constructor(private readonly options: ToolReflectorOptions) {
    this.cap = options.cap ?? DEFAULT_REFLECTION_CAP;
  }

  reflectiveDataset(_texts: Texts, component: string, results: TaskResult<ScoredEpisode>[]): ToolReflectionRecord[] {
    const { cap } = this;
    // Failures teach most, so they come first and survive the cap.
    const ordered = [...results].sort((a, b) => a.score - b.score).slice(0, cap.records);
    const records = ordered.map((r) => this.record(component, r));
    while (records.length > 1 && JSON.stringify(records).length > cap.totalChars) records.pop();
    const only = records[0];
    if (only !== undefined && JSON.stringify(records).length > cap.totalChars) {
      // One huge record: shrink its calls until the whole fits.
      while (only.calls.length > 0 && JSON.stringify(records).length > cap.totalChars) only.calls.pop();
      only.task = clip(only.task, Math.floor(cap.totalChars / 8));
      only.feedback = clip(only.feedback, Math.floor(cap.totalChars / 8));
      only.checkerFeedback = clip(only.checkerFeedback, Math.floor(cap.totalChars / 8));
      only.steps = only.steps.slice(0, 4).map((s) => ({ ...s, intent: clip(s.intent, Math.floor(cap.totalChars / 32)) }));
    }
    return records;
  }

  blame(texts: Texts, results: TaskResult<ScoredEpisode>[]): Record<string, number> {
    return this.options.target.name === 'selection' ? this.lostChoices(texts, results) : this.failures(texts, results);
  }

  /** Per failed episode, a tool is implicated when it was called for no step, missed a step it is correct for, or errored. */
  private failures(texts: Texts, results: TaskResult<ScoredEpisode>[]): Record<string, number> {
    const { server } = this.options;
    const blame: Record<string, number> = {};
    for (const r of results) {
      if (r.score >= 1) continue;
      for (const component of Object.keys(texts)) {
        const calls = r.trace.calls.filter((c) => c.server === server && c.tool === component);
        const wanted = r.trace.plan.some((s) => s.tools.some((l) => labelMatches(l, server, component)));
        const implicated = Number(calls.length > 0 && !wanted) + Number(wanted && calls.length === 0) + Number(calls.some((c) => c.isError));
        blame[component] = (blame[component] ?? 0) + implicated;
      }
    }
    return blame;
  }

  /**
   * For selection, a loss is a step where the agent chose another server's tool; the component implicated
   * is that tool's direct competitor, the one of the same name (sellers that all offer open_negotiation).
   * The failure rule above would read the correct-tool labels, which say nothing about being chosen. With
   * no same-named competitor nothing is blamed and the chooser falls back to round-robin.
   */
  private lostChoices(texts: Texts, results: TaskResult<ScoredEpisode>[]): Record<string, number> {
    const blame: Record<string, number> = {};
    for (const r of results) {
      if (r.score >= 1) continue;
      for (const c of firstChoices(r.trace.calls)) {
        if (c.server !== this.options.server && Object.hasOwn(texts, c.tool)) blame[c.tool] = (blame[c.tool] ?? 0) + 1;
      }
    }
    return blame;
  }

  private record(component: string, result: TaskResult<ScoredEpisode>): ToolReflectionRecord {
    const { server } = this.options;
    const { fieldChars, callsPerRecord } = this.cap;
    const f = result.trace;
    const { verdict } = f;
    const observed = this.options.observed !== false;
    const isComponent = (c: { server: string; tool: string }) => c.server === server && c.tool === component;
    return {
      task: clip(f.prompt, fieldChars),
      steps: f.plan.map((s) => ({ intent: clip(s.intent, fieldChars), tools: s.tools, forComponent: s.tools.some((l) => labelMatches(l, server, component)) })),
      observed,
      calls: observed
        ? f.calls.slice(0, callsPerRecord).map((c) => ({
            name: c.name,
            server: c.server,
            component: isComponent(c),
            args: clip(argsText(c.args), fieldChars),
            output: clip(c.output, fieldChars),
            isError: c.isError,
          }))
        : [],
      usedComponent: observed && f.calls.some(isComponent),
      missed: !observed || f.calls.length === 0 || !firstChoices(f.calls).every(isComponent),
      ...(observed && f.found !== undefined ? { componentFound: f.found.some(isComponent) } : {}),
      success: observed && f.success,
      checkerFeedback: observed ? clip(f.feedback, fieldChars) : '',
      score: observed ? verdict.score : 0,
      feedback: observed ? clip(verdict.feedback, fieldChars) : '',
    };
  }
}
