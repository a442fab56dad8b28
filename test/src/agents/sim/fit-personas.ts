/**
 * Writes src/agents/sim/personas.json (not a test; run with `npx tsx test/src/agents/sim/fit-personas.ts`, about
 * 35 s): one sim persona per real model in Faghih et al.'s model-choices.jsonl. Each is fitted like step 1
 * of fit-params.ts (the cue weight, the social-proof, maintenance and example family weights, the position weight
 * and the temperature, by coordinate descent from the default persona's values) but to that one model's shares
 * per edit and first-position share instead of the median's. The meaning parameters, the precision share among
 * them, stay the default's: a full step-2 refit per model would take ten minutes each, and what a model finds
 * relevant is not what the pairs measure (their two tools do the same thing).
 */
import { writeFileSync } from 'node:fs';
import { PERSONAS_FILE, type PersonasFile } from '../../../../src/agents/sim/personas.ts';
import { DEFAULT_SIM_PARAMS } from '../../../../src/agents/sim/params.ts';
import {
  DEFAULT_MEANING,
  DEFAULT_PREFERENCES,
  fitError,
  fitPreferences,
  pairCases,
  simShares,
  toParams,
  type FitError,
  type Preferences,
} from './preference-fit.ts';
import { loadModelChoices, loadPairs, medianShares, modelNames, modelShares } from './tool-preferences.ts';

/** The preference parameters a persona has of its own. */
const FITTED: (keyof Preferences)[] = ['cue', 'socialProof', 'maintenance', 'example', 'position', 'temperature'];

/** "Qwen_Qwen2.5-7B-Instruct-FC" -> "qwen2-5-7b": the organisation prefix and the serving suffixes dropped. */
function personaSlug(model: string): string {
  return model
    .replace(/^[^_]*_/, '')
    .replace(/-(?:Instruct|FC)\b/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const round = (x: number) => Math.round(x * 10000) / 10000;
const fitJson = (e: FitError) => ({ loss: round(e.loss), maxDeviation: round(e.maxDeviation), worst: e.worst });

function main(): void {
  const rows = loadPairs();
  const choices = loadModelChoices();
  const pairs = { rows, cases: pairCases(rows, DEFAULT_SIM_PARAMS.semantic) };
  const medianFit = fitError(simShares(rows, pairs.cases, DEFAULT_SIM_PARAMS), medianShares(choices));
  console.log(`sim (median) loss ${medianFit.loss.toFixed(4)} max deviation ${medianFit.maxDeviation.toFixed(3)} (${medianFit.worst})`);
  const personas = modelNames(choices).map((model) => {
    const target = modelShares(choices, model);
    const { best } = fitPreferences(pairs, DEFAULT_MEANING, DEFAULT_PREFERENCES, FITTED, target);
    const params = toParams(DEFAULT_MEANING, best);
    const error = fitError(simShares(rows, pairs.cases, params), target);
    const name = personaSlug(model);
    console.log(`${name.padEnd(28)} loss ${error.loss.toFixed(4)} max deviation ${error.maxDeviation.toFixed(3)} (${error.worst})`, best);
    return {
      name,
      model,
      params: {
        weights: { cue: best.cue, position: best.position },
        temperature: best.temperature,
        cueFamilyWeights: { socialProof: best.socialProof, maintenance: best.maintenance, example: best.example },
      },
      fit: fitJson(error),
    };
  });
  const file: PersonasFile = {
    generatedBy: 'test/src/agents/sim/fit-personas.ts',
    data: 'test/fixtures/tool-preferences/model-choices.jsonl (Faghih et al., EMNLP 2025): shares per edit and first-position share on pairs.jsonl',
    fitted:
      "cue weight, social-proof, maintenance and example family weights, position weight, temperature, each model's own; every other parameter is the default persona's, the meaning parameters among them (fixed, not refitted per model: step 2 of fit-params.ts takes ten minutes a model)",
    median: { source: `median of the ${personas.length} models`, fit: fitJson(medianFit) },
    personas,
  };
  writeFileSync(PERSONAS_FILE, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`wrote ${PERSONAS_FILE.pathname}`);
}

main();
