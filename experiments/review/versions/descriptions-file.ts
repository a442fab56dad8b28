// Descriptions files: JSON objects `{ "toolName": "description" }`, as our servers load them at start.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';
import { inputError, readJsonFile } from '../../../src/index.ts';

const descriptionsSchema = z
  .record(
    z.string().min(1, 'a tool name must not be empty'),
    z.string().refine((t) => t.trim().length > 0, 'must be a non-empty description'),
  )
  .refine((map) => Object.keys(map).length > 0, 'must describe at least one tool');

/** Checks parsed JSON; `source` names where it came from in the error. */
export function parseDescriptions(raw: unknown, source: string): Record<string, string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw inputError(`${source}: expected a JSON object {"toolName": "description", ...}`);
  }
  const parsed = descriptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length === 0 ? i.message : `"${String(i.path[0])}" ${i.message}`));
    throw inputError(`${source}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export function readDescriptionsFile(path: string): Record<string, string> {
  const raw = readJsonFile(path, 'descriptions file');
  return parseDescriptions(raw, `descriptions file ${path}`);
}

/** Writes through a temporary file and a rename, so a crash never leaves a half-written file the server would refuse. */
export function writeDescriptionsFile(path: string, descriptions: Record<string, string>): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, `${JSON.stringify(descriptions, null, 2)}\n`);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw inputError(`cannot write ${path}: ${(err as Error).message}`);
  }
}
