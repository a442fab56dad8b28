// System-aware merge (GEPA sec. 3.3): two Pareto candidates from different lineages that share an
// ancestor; each component comes from whichever of the two changed it since that ancestor.
import { paretoFront } from './pareto.ts';
import type { Rng } from './rng.ts';
import type { Candidate, Texts } from './types.ts';

export interface MergePlan {
  a: number;
  b: number;
  ancestor: number;
  texts: Texts;
}

/** Every ancestor of a candidate (parents, their parents, ...). */
export function ancestors(pool: readonly Candidate[], id: number): Set<number> {
  const found = new Set<number>();
  const stack = [...(pool[id]?.parents ?? [])];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (found.has(p)) continue;
    found.add(p);
    stack.push(...(pool[p]?.parents ?? []));
  }
  return found;
}

/**
 * The merged texts, or undefined when merging would add nothing (no component where one side kept the
 * ancestor's text and the other changed it). Where both changed a component, the higher scorer's text wins.
 */
export function mergeTexts(ancestor: Candidate, a: Candidate, b: Candidate): Texts | undefined {
  const merged: Record<string, string> = {};
  let complementary = false;
  for (const component of Object.keys(ancestor.texts)) {
    const base = ancestor.texts[component];
    const ta = a.texts[component]!;
    const tb = b.texts[component]!;
    if (ta === tb) merged[component] = ta;
    else if (ta === base) {
      merged[component] = tb;
      complementary = true;
    } else if (tb === base) {
      merged[component] = ta;
      complementary = true;
    } else merged[component] = b.valMean > a.valMean ? tb : ta;
  }
  return complementary ? merged : undefined;
}

/** Tries a few random pairs from the Pareto front; returns a merge never tried before, or undefined. */
export function planMerge(pool: readonly Candidate[], rng: Rng, tried: Set<string>, attempts = 10): MergePlan | undefined {
  const front = paretoFront(pool);
  if (front.length < 2) return undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const [x, y] = rng.sample(front, 2) as [number, number];
    const [a, b] = x < y ? [x, y] : [y, x];
    const ancestorsA = ancestors(pool, a);
    const ancestorsB = ancestors(pool, b);
    if (ancestorsA.has(b) || ancestorsB.has(a)) continue; // same lineage
    const common = [...ancestorsA]
      .filter((c) => ancestorsB.has(c))
      .filter((c) => pool[c]!.valMean <= Math.min(pool[a]!.valMean, pool[b]!.valMean))
      .sort((p, q) => p - q);
    for (const ancestor of common) {
      const texts = mergeTexts(pool[ancestor]!, pool[a]!, pool[b]!);
      const key = `${a}+${b}^${ancestor}`;
      if (texts === undefined || tried.has(key)) continue;
      tried.add(key);
      return { a, b, ancestor, texts };
    }
  }
  return undefined;
}

/**
 * Validation tasks to try a merge on first: as many where `a` beats `b` as where `b` beats `a`, and ties,
 * so a merge that keeps both parents' strengths can show it.
 */
export function mergeSubsample(a: Candidate, b: Candidate, size: number, rng: Rng): string[] {
  const tasks = Object.keys(a.valScores).filter((t) => t in b.valScores);
  const aWins = tasks.filter((t) => a.valScores[t]! > b.valScores[t]!);
  const bWins = tasks.filter((t) => b.valScores[t]! > a.valScores[t]!);
  const ties = tasks.filter((t) => a.valScores[t] === b.valScores[t]);
  const each = Math.ceil(size / 3);
  const chosen = [...rng.sample(aWins, each), ...rng.sample(bWins, each)];
  chosen.push(...rng.sample(ties, Math.max(0, size - chosen.length)));
  if (chosen.length < size)
    chosen.push(
      ...rng.sample(
        tasks.filter((t) => !chosen.includes(t)),
        size - chosen.length,
      ),
    );
  return chosen.slice(0, size);
}
