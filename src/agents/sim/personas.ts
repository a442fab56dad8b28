import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { cueFeature } from './rank.ts';
import { resolveSimParams, type SimParams } from './params.ts';

/**
 * The sim's personas: one per real model of Faghih et al.'s data, each with its own preference parameters
 * (how much cues, list position and noise sway it), fitted by test/src/agents/sim/fit-personas.ts and read from
 * personas.json beside this file. Every other parameter is the default's, so the personas read meaning alike.
 */
export const PERSONAS_FILE = new URL('./personas.json', import.meta.url);

const weight = z.number().finite().nonnegative();
const fitSchema = z.strictObject({
  /** Squared error over the shares per edit and the first-position share. */
  loss: weight,
  /** The largest of those gaps, and where it is ("firstPosition" or an edit). */
  maxDeviation: z.number().min(0).max(1),
  worst: z.string().min(1),
});
const personaSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'persona names are lower-case letters and digits joined by -'),
  /** The real model it was fitted to, as the data names it. */
  model: z.string().min(1),
  params: z.strictObject({
    weights: z.strictObject({ cue: weight, position: weight }),
    temperature: z.number().finite().positive(),
    cueFamilyWeights: z.strictObject({ socialProof: weight, maintenance: weight, example: weight }),
  }),
  fit: fitSchema,
});
export const personasFileSchema = z.strictObject({
  generatedBy: z.string().min(1),
  data: z.string().min(1),
  fitted: z.string().min(1),
  /** The default persona, `sim`: its fit to the median model, with its parameters in params.ts. */
  median: z.strictObject({ source: z.string().min(1), fit: fitSchema }),
  personas: z
    .array(personaSchema)
    .min(1)
    .refine((list) => new Set(list.map((p) => p.name)).size === list.length, 'persona names must be unique'),
});
export type PersonasFile = z.infer<typeof personasFileSchema>;
export type Persona = PersonasFile['personas'][number];

/** A personas file's content, validated; throws naming the file and each bad field. */
export function parsePersonas(json: unknown, source: string): PersonasFile {
  const parsed = personasFileSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${source} is not a valid personas file (regenerate it with test/src/agents/sim/fit-personas.ts): ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

let loaded: PersonasFile | undefined;

/** The shipped personas, read on first use. */
export function personas(): PersonasFile {
  loaded ??= parsePersonas(JSON.parse(readFileSync(PERSONAS_FILE, 'utf8')), PERSONAS_FILE.pathname);
  return loaded;
}

export function findPersona(name: string): Persona | undefined {
  return personas().personas.find((p) => p.name === name);
}

/**
 * How much an endorsement sways a reader ("the most effective function ..."): the log-odds that it calls a tool
 * whose description carries one over an identical tool without it, list position and wording aside. Two scores
 * a cue apart under Gumbel noise are chosen in the odds exp(lift / temperature), so this is the lift over the
 * temperature; the probability itself saturates (1.000 from log-odds 7 on) and would not rank strong readers.
 */
export function endorsementLogOdds(params: SimParams): number {
  return (params.weights.cue * cueFeature({ endorsement: 1, socialProof: 0, maintenance: 0, example: 0, breadth: 0 }, params)) / params.temperature;
}

/** The probability behind endorsementLogOdds. */
export function endorsementPull(params: SimParams): number {
  return 1 / (1 + Math.exp(-endorsementLogOdds(params)));
}

/** A persona's full parameters: its own preferences over the defaults. */
export function personaParams(persona: Persona): SimParams {
  return resolveSimParams(persona.params);
}
