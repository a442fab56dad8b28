// Starting the local Langfuse receiver as a separate process and pointing the real SDK at it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { RECEIVER_KEYS } from '../../test/support/langfuse-receiver.ts';
import type { LangfuseConfig } from '../../traces/langfuse/index.ts';
import { processCpuMs } from './proc-cpu.ts';

const SCRIPT = fileURLToPath(new URL('./langfuse-receiver-process.ts', import.meta.url));

export interface ReceiverProcess {
  config: LangfuseConfig;
  /** The receiver process's CPU time so far (user + system, all threads), in ms; undefined without /proc. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Langfuse receiver exited with code ${code} before listening`)));
    lines.once('line', (line) => resolve(line.replace(/^listening /, '')));
  });
  child.removeAllListeners('exit');
  return {
    config: { ...RECEIVER_KEYS, baseUrl },
    cpuMs: () => processCpuMs(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
