import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { REPO_ROOT, TDO_BIN } from './lab-runs.ts';
import { openTraceStore } from '../../traces/index.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tdo ARGS` as a user would (a real process), with LLM/Langfuse settings cleared unless given; in the repository unless `cwd` says where. */
export function tdo(args: string[], env: Record<string, string | undefined> = {}, cwd = REPO_ROOT): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, TDO_DB: undefined, ...env };
  return new Promise((resolve) => {
    execFile(process.execPath, [TDO_BIN, ...args], { cwd, env: childEnv, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** One `tdo` call of several: its arguments, and the environment and folder `tdo` takes. */
export interface CliCall {
  args: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
}

/**
 * Runs independent `tdo` calls, as many at once as the machine has cores (each call is one busy process, and a
 * test file waiting on one call at a time would leave a core idle), giving the results in the calls' order.
 */
export function tdoEach(calls: readonly CliCall[]): Promise<CliResult[]> {
  const limit = pLimit(availableParallelism());
  return Promise.all(calls.map((call) => limit(() => tdo(call.args, call.env, call.cwd))));
}

/** A run's status as the store at `db` records it, read in a store opened and closed for the question. */
export function runStatus(db: string, runId: string): string | undefined {
  const store = openTraceStore(db);
  try {
    return store.getRun(runId)?.status;
  } finally {
    store.close();
  }
}
