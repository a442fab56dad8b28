import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SuiteReferences } from './load.ts';

/** Where the shipped suites were before they moved under experiments/shipped/ (CHANGELOG.md). */
const BEFORE_THE_MOVE = /[\\/]experiments[\\/]suites[\\/]([^\\/]+)$/;

/**
 * The suite file a stored run resumes from. A run stores its suite's path as it was; one recorded before the shipped
 * suites moved names their old folder, and resumes from the same file in the shipped folder.
 */
export function storedSuitePath(path: string, refs: SuiteReferences = {}): string {
  const file = BEFORE_THE_MOVE.exec(path)?.[1];
  if (file === undefined || refs.shippedSuites === undefined || existsSync(path)) return path;
  const moved = join(refs.shippedSuites, file);
  return existsSync(moved) ? moved : path;
}
