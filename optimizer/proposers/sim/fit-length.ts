// Shortening for a search that weighs description length (a token budget, or --pareto-tokens): whole
// sentences are dropped, those the trajectories need least first, so the text stays careful sentences.
// The first sentence (what the tool does) and any sentence that states a limit are never dropped.
import { statesLimit, terms } from '../../../src/index.ts';
import type { LengthGoal } from '../../search/proposal-context.ts';
import type { EpisodeView } from '../../adapter/reflection.ts';
import { toolTokens } from '../../search/token-budget.ts';
import type { Edit } from './edit-operator.ts';
import { replaceSentence, sentences } from './sentences.ts';

export interface FitContext {
  /** the description before this proposal's edits: the sentences the edits just wrote are dropped last */
  before: string;
  views: readonly EpisodeView[];
  siblings: readonly string[];
}

/** The stems of what the tool's own steps asked for: a sentence that shares none serves no request seen. */
function neededTerms(views: readonly EpisodeView[]): Set<string> {
  return new Set(views.flatMap((v) => v.steps.filter((s) => s.forComponent).flatMap((s) => terms(s.intent))));
}

/** The droppable sentences' indexes, the one to drop first first: old before new, unneeded before needed, later before earlier. */
function dropOrder(parts: readonly string[], ctx: FitContext): number[] {
  const needed = neededTerms(ctx.views);
  const old = new Set(sentences(ctx.before));
  const rank = (i: number) => {
    const uses = terms(parts[i]!).filter((t) => needed.has(t)).length;
    return [old.has(parts[i]!) ? 0 : 1, uses, -i] as const;
  };
  return parts
    .map((_, i) => i)
    .filter((i) => i > 0 && !statesLimit(parts[i]!, ctx.siblings))
    .sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
}

function dropSentence(text: string, ctx: FitContext): Edit | undefined {
  const parts = sentences(text);
  const [first] = dropOrder(parts, ctx);
  return first === undefined ? undefined : { text: replaceSentence(text, first, ''), change: `- ${parts[first]}` };
}

/**
 * The text fitted to the goal: over the budget, sentences are dropped until it fits (or nothing more may go:
 * the gate then refuses it); within it, with `shorter`, one sentence that no request of the tool's own steps
 * needs. Undefined when nothing was dropped.
 */
export function fitLength(text: string, goal: LengthGoal, ctx: FitContext): Edit | undefined {
  const dropped: string[] = [];
  let fitted = text;
  const over = () => goal.maxTokens !== undefined && toolTokens(fitted) > goal.maxTokens;
  while (over()) {
    const edit = dropSentence(fitted, ctx);
    if (edit === undefined) break;
    fitted = edit.text;
    dropped.push(edit.change);
  }
  if (dropped.length === 0 && goal.shorter) {
    const parts = sentences(fitted);
    const needed = neededTerms(ctx.views);
    const edit = dropSentence(fitted, ctx);
    const gone = edit && parts.find((p) => `- ${p}` === edit.change);
    if (edit !== undefined && gone !== undefined && !terms(gone).some((t) => needed.has(t))) return edit;
  }
  return dropped.length === 0 ? undefined : { text: fitted, change: dropped.join('\n') };
}
