import * as z from 'zod';
import { proseList, trimTrailing } from '../../../../src/index.ts';
import type { EditOperator } from '../edit-operator.ts';
import { setSentence } from '../sentences.ts';

/** A parameter's own description, when short enough to stand in brackets beside its name. */
const MAX_PARAMETER_WORDS = 12;
/** Parameters named in one sentence, at most: the ones the schema lists first. */
const MAX_PARAMETERS = 4;
const isTakesSentence = (sentence: string) => /^It (?:optionally )?takes /.test(sentence);

/** What the sim proposer reads of an input schema: its parameters' names, descriptions and which are required. */
const inputSchemaShape = z.object({
  properties: z
    .record(
      z.string(),
      z
        .object({
          description: z.string().optional(),
          // read leniently: a schema that types them otherwise still gives its parameters' names
          enum: z.unknown().optional(),
          format: z.unknown().optional(),
          minimum: z.unknown().optional(),
          maximum: z.unknown().optional(),
        })
        .loose(),
    )
    .optional(),
  required: z.array(z.string()).optional(),
});
type ParameterSchema = NonNullable<z.infer<typeof inputSchemaShape>['properties']>[string];

/** An enumeration short enough to state whole in brackets. */
const MAX_ENUM_VALUES = 6;

/** What the schema itself says a parameter takes: its values ("one of ms, s or min"), format ("a date-time") or range. */
function schemaLimits(p: ParameterSchema): string[] {
  const listed: unknown[] = Array.isArray(p.enum) ? p.enum : [];
  const values = listed.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
  const limits: string[] = [];
  if (values.length >= 2 && values.length === listed.length && values.length <= MAX_ENUM_VALUES && values.every((v) => /^[\w.-]{1,20}$/.test(v)))
    limits.push(`one of ${proseList(values, 'or')}`);
  if (typeof p.format === 'string' && /^[a-z-]{2,20}$/.test(p.format)) limits.push(`${article(p.format)} ${p.format}`);
  const [min, max] = [p.minimum, p.maximum].map((n) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined));
  if (min !== undefined && max !== undefined) limits.push(`from ${min} to ${max}`);
  else if (min !== undefined) limits.push(`at least ${min}`);
  else if (max !== undefined) limits.push(`at most ${max}`);
  return limits;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * "`taskIds` (an array of task ids to delete)": a parameter, marked as code, with its description if short and what
 * the schema says of its values ("`unit` (one of ms, s or min)"), all of it the server's own.
 */
function parameterPhrase(name: string, p: ParameterSchema): string {
  const words = trimTrailing((p.description ?? '').trim(), '.')
    .split(/\s+/)
    .filter((w) => w !== '');
  const code = `\`${name}\``;
  const described = words.length > 0 && words.length <= MAX_PARAMETER_WORDS && !/[()]/.test(words.join(' '));
  const first = words[0] ?? '';
  // lower-case the opening word unless it is an acronym or a name ("JSON", "GitHub")
  const opening = /^\p{Lu}\p{Ll}*$/u.test(first) ? first.toLowerCase() : first;
  const notes = [...(described ? [[opening, ...words.slice(1)].join(' ')] : []), ...schemaLimits(p)];
  return notes.length === 0 ? code : `${code} (${notes.join('; ')})`;
}

/** "It takes the argument `path` (the file to read), and optionally `head` (...)." from the tool's input schema. */
function takesSentence(schema: unknown): string | undefined {
  const parsed = inputSchemaShape.safeParse(schema);
  if (!parsed.success) return undefined;
  const properties = Object.entries(parsed.data.properties ?? {}).slice(0, MAX_PARAMETERS);
  if (properties.length === 0) return undefined;
  const required = new Set(parsed.data.required ?? []);
  const phrases = (want: boolean) => properties.filter(([name]) => required.has(name) === want).map(([name, p]) => parameterPhrase(name, p));
  const [needed, optional] = [phrases(true), phrases(false)];
  // "the argument" says what the bare name is: "It takes path." reads as a noun, not a parameter
  const noun = (phrases: string[]) => `the ${phrases.length === 1 ? 'argument' : 'arguments'}`;
  if (needed.length === 0) return `It optionally takes ${noun(optional)} ${proseList(optional, 'or')}.`;
  return `It takes ${noun(needed)} ${proseList(needed)}${optional.length === 0 ? '' : `, and optionally ${proseList(optional, 'or')}`}.`;
}

/**
 * States the parameters the tool's input schema lists, with their own descriptions: what it needs to be
 * called, in the server's words, which a terse description leaves to the schema. It reads no trajectory, so
 * it serves a tool with one train task or none as well as any other; it adds nothing when the description
 * already names every parameter.
 */
export const describeParameters: EditOperator = {
  name: 'describe-parameters',
  kind: 'accepts',
  apply(ctx) {
    const sentence = takesSentence(ctx.inputSchema);
    const names = Object.keys(inputSchemaShape.safeParse(ctx.inputSchema).data?.properties ?? {}).slice(0, MAX_PARAMETERS);
    if (sentence === undefined || names.every((n) => ctx.text.includes(n)) || ctx.text.includes(sentence)) return undefined;
    return { text: setSentence(ctx.text, isTakesSentence, sentence), change: `+ ${sentence}` };
  },
};
