import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { CatalogueTool } from '../../catalogue/catalogue-types.ts';
import { CUE_FAMILIES, type CueCounts } from '../../text/cues.ts';
import { limitMatch } from '../../text/limits.ts';
import type { SimParams } from './params.ts';
import { bm25Scores } from '../../text/bm25.ts';
import { normalizeByMax } from './relevance.ts';
import { BoundedMap, memoized } from './memo.ts';
import { semanticScores } from './semantic.ts';
import { actionScores } from './action.ts';
import { classSignals } from './action-class.ts';
import { contentWords, terms, words } from '../../text/words.ts';
import { serverToolNames, toolFeatures, toolTextKey } from './tool-features.ts';

/** Each term's weighted contribution; they sum to the tool's score. */
export interface ScoreParts {
  relevance: number;
  semantic: number;
  /** What the tool does to its object against the intent's verbs (action.ts). */
  action: number;
  /** The action class gate (action-class.ts): a bonus for doing what the step asks, a penalty for contradicting it. */
  actionClass: number;
  cues: number;
  position: number;
  /** Negative or zero: the penalty for an intent that falls under the tool's own limit clauses. */
  limit: number;
  noise: number;
}

export interface RankedTool {
  name: string;
  score: number;
  parts: ScoreParts;
}

/** What sim reads off one tool for one intent, before any weight: each in [0, 1] except raw cue counts. */
export interface ToolSignals {
  /** BM25 divided by the catalogue's best. */
  relevance: number;
  /** Closeness in meaning relative to the catalogue's mean (semantic.ts): 0 for an average tool. */
  semantic: number;
  /** Agreement of the tool's verbs with the intent's, relative to the catalogue's mean (action.ts). */
  action: number;
  /** 1 when the tool's action class contradicts the step's and another tool's fits, else 0 (action-class.ts). */
  conflict: number;
  /** 1 when the tool's action class is the one the step asks for, else 0 (action-class.ts). */
  classFit: number;
  cues: CueCounts;
  /** 1 first listed .. 0 last. */
  position: number;
  /** Share of the intent under the tool's own limit clauses. */
  limit: number;
}

/** The unweighted signals of every tool, in catalogue order. Reads only the intent and the tools. */
export function toolSignals(intent: string, tools: readonly CatalogueTool[], params: Pick<SimParams, 'bm25' | 'semantic' | 'action'>): ToolSignals[] {
  const intentTerms = terms(intent);
  const intentSet = new Set(intentTerms);
  const serverTools = serverToolNames(tools);
  const features = tools.map((tool) => toolFeatures(tool, serverTools.get(tool.server)));
  const relevance = normalizeByMax(
    bm25Scores(
      intentTerms,
      features.map((f) => f.documentTerms),
      params.bm25,
    ),
  );
  const semantic = semanticScores(
    contentWords(intent),
    features.map((f) => f.words),
    params.semantic,
  );
  const action = actionScores(
    words(intent),
    features.map((f) => f.nameWords),
    params.action,
  );
  const classes = classSignals(
    intent,
    features.map((f) => f.classes),
  );
  return features.map((f, i) => ({
    relevance: relevance[i] ?? 0,
    semantic: semantic[i] ?? 0,
    action: action[i] ?? 0,
    conflict: classes.conflict[i] ?? 0,
    classFit: classes.fit[i] ?? 0,
    cues: f.cues,
    position: positionFeature(i, tools.length),
    limit: limitMatch(intentSet, f.limitTerms, f.positiveTerms),
  }));
}

// A run asks the same catalogue about the same intents again and again (every repeat, every episode of a task),
// and the signals are a function of the intent, the tools' texts in their order and the bm25, semantic and
// action parameters alone: they are computed once per catalogue text, intent and parameters. A catalogue is keyed by
// what toolFeatures reads of each tool, so a catalogue rebuilt with the same texts (the next run of a suite,
// an optimizer candidate evaluated again) finds its signals; the key is made once per tool list (by identity).
// Catalogues are not changed once built.
const catalogueKeys = new WeakMap<readonly CatalogueTool[], string>();
const signalsByCatalogue = new BoundedMap<string, BoundedMap<string, ToolSignals[]>>(64);

/** toolSignals, remembered per catalogue text and by intent and parameters (by value). */
export function rememberedSignals(intent: string, tools: readonly CatalogueTool[], params: Pick<SimParams, 'bm25' | 'semantic' | 'action'>): ToolSignals[] {
  const catalogue = memoized(catalogueKeys, tools, () => JSON.stringify(tools.map(toolTextKey)));
  const byIntent = memoized(signalsByCatalogue, catalogue, () => new BoundedMap<string, ToolSignals[]>(4096));
  const key = `${JSON.stringify(params.bm25)}${JSON.stringify(params.semantic)}${JSON.stringify(params.action)}\0${intent}`;
  return memoized(byIntent, key, () => toolSignals(intent, tools, params));
}

/** The weighted parts of a tool's score, without noise. */
export function weighParts(signals: ToolSignals, params: SimParams): Omit<ScoreParts, 'noise'> {
  const w = params.weights;
  return {
    relevance: w.relevance * signals.relevance,
    semantic: w.semantic * signals.semantic,
    action: w.action * signals.action,
    actionClass: w.classFit * signals.classFit - w.conflict * signals.conflict,
    cues: w.cue * cueFeature(signals.cues, params),
    position: w.position * signals.position,
    limit: 0 - w.limit * signals.limit, // 0 - x, not -x: no -0 in records
  };
}

/**
 * Scores every tool for one intent and returns them best first. Reads only the intent and the tools
 * (names, descriptions, input schemas) in their listed order; draws one Gumbel variate per tool from `rng`
 * (none when the temperature is 0). Pass a generator from stepRng: xoroshiro128plus seeded directly with a
 * small integer makes its first draw close to 1, which would always favour the first tool.
 */
export function rankTools(intent: string, tools: readonly CatalogueTool[], rng: RandomGenerator, params: SimParams): RankedTool[] {
  const signals = rememberedSignals(intent, tools, params);
  const ranked = tools.map((tool, i): RankedTool => {
    const parts: ScoreParts = {
      ...weighParts(signals[i]!, params),
      noise: params.temperature === 0 ? 0 : params.temperature * gumbel(rng),
    };
    return {
      name: tool.name,
      score: parts.relevance + parts.semantic + parts.action + parts.actionClass + parts.cues + parts.position + parts.limit + parts.noise,
      parts,
    };
  });
  // Stable sort: on an exact tie the earlier-listed tool wins, as a reader of the list would pick it.
  return ranked.sort((a, b) => b.score - a.score);
}

/** Capped, family-weighted cue count, in [0, 1] when the cap is 1 endorsement. */
export function cueFeature(counts: CueCounts, params: SimParams): number {
  const sum = CUE_FAMILIES.reduce((s, family) => s + params.cueFamilyWeights[family] * Math.min(counts[family], params.cueCapPerFamily), 0);
  return Math.min(sum, params.cueCap);
}

/** 1 for the first listed tool falling linearly to 0 for the last (primacy bias). */
export function positionFeature(index: number, count: number): number {
  return count <= 1 ? 1 : 1 - index / (count - 1);
}

function gumbel(rng: RandomGenerator): number {
  // Shift into (0, 1) so neither log sees 0.
  const u = uniformFloat64(rng) + 2 ** -54;
  return -Math.log(-Math.log(u));
}
