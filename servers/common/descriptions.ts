import * as z from 'zod';
import { readJsonFile } from './json-file.ts';
import { StartupError } from './startup-error.ts';

/** Tool name -> the description the server advertises in tools/list. */
export type Descriptions<Name extends string> = Record<Name, string>;

/**
 * Checks a parsed descriptions object against the server's exact tool names.
 * `source` names where it came from, for the error message.
 */
export function parseDescriptions<Name extends string>(raw: unknown, toolNames: readonly Name[], source: string): Descriptions<Name> {
  const nonBlank = z.string().refine((text) => text.trim().length > 0, 'must be a non-empty description');
  const schema = z.strictObject(Object.fromEntries(toolNames.map((name) => [name, nonBlank])));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as Descriptions<Name>;

  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new StartupError(`${source}: expected a JSON object {"toolName": "description"} for the tools ${toolNames.join(', ')}.`);
  }
  const missing = toolNames.filter((name) => !Object.hasOwn(raw, name));
  const unknown = Object.keys(raw).filter((key) => !(toolNames as readonly string[]).includes(key));
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`missing descriptions for ${missing.join(', ')}`);
  if (unknown.length > 0) problems.push(`unknown tool names ${unknown.join(', ')}`);
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (issue.code === 'unrecognized_keys' || (typeof key === 'string' && missing.includes(key as Name))) continue;
    problems.push(`"${String(key)}" ${issue.message}`);
  }
  throw new StartupError(`${source}: ${problems.join('; ')}. Expected exactly these tools: ${toolNames.join(', ')}.`);
}

/** Reads and checks a descriptions file (a JSON object `{ toolName: description }`). */
export async function loadDescriptions<Name extends string>(file: string, toolNames: readonly Name[]): Promise<Descriptions<Name>> {
  const raw = await readJsonFile(file, 'descriptions file');
  return parseDescriptions(raw, toolNames, `descriptions file ${file}`);
}
