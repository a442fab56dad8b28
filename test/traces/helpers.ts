// Shared setup for trace store tests: every store lives in its own temp dir, removed after the test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { openTraceStore, type CreateRunInput, type TraceStore } from '../../traces/index.ts';
import { SUITE_RUN } from '../support/run-settings.ts';

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tdo-traces-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function openTempStore(): Promise<TraceStore> {
  const store = openTraceStore(join(await tempDir(), 'tdo.db'));
  onTestFinished(() => store.close());
  return store;
}

export function runInput(overrides: Partial<Omit<CreateRunInput, 'kind' | 'settings'>> = {}): CreateRunInput {
  return {
    ...SUITE_RUN,
    suite: 'lab',
    suitePath: 'experiments/shipped/suites/lab.yaml',
    agent: 'sim',
    split: 'train',
    repeats: 2,
    seed: 7,
    concurrency: 4,
    versionIds: { lab: 'lab-0123456789' },
    ...overrides,
  };
}

export const toolStep = (tool: string, isError = false) => ({
  server: 'lab',
  tool,
  name: `lab__${tool}`,
  args: { query: tool },
  output: `${tool} result`,
  isError,
  latencyMs: 12,
});

export const finished = (success: boolean) => ({ status: 'completed', answer: success ? '42' : null, success, feedback: 'checked', stop: 'answered' }) as const;
