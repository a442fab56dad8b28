// Langfuse for a `tdo run`: on when LANGFUSE_PUBLIC_KEY / LANGFUSE_SECRET_KEY / LANGFUSE_BASE_URL are set.
import type { TraceStore } from '../traces/index.ts';
import { langfuseEnv, LANGFUSE_ENV_VARS, type LangfuseConfig } from '../traces/langfuse/index.ts';
import { inputError } from '../src/index.ts';
import { dbFlag } from './database-path.ts';
import { EXIT } from './errors.ts';

/** How long the end of a run waits for Langfuse to take what is still queued. */
export const LANGFUSE_DRAIN_MS = 10_000;

export interface LangfuseAttachment {
  /** The store to record to: the given one, plus the Langfuse side channel when it is on. */
  store: TraceStore;
  /** Sends what is left (bounded wait) and prints `langfuse: N spans delivered, M dropped` on stderr. */
  finish(runId: string | undefined): Promise<void>;
}

/**
 * The SDK is loaded only by the sink's export worker, which builds and sends the spans off the thread
 * that runs the episodes; a run without Langfuse starts no worker.
 */
export async function attachLangfuse(store: TraceStore, env: Record<string, string | undefined> = process.env): Promise<LangfuseAttachment> {
  const setting = langfuseEnv(env);
  if (setting.state === 'off') return { store, finish: async () => {} };
  if (setting.state === 'invalid') throw inputError(`${setting.message} (unset all three to run without Langfuse)`);
  const [{ LangfuseSink, formatDelivery }, { withLangfuse }] = await Promise.all([
    import('../traces/langfuse/index.ts'),
    import('../traces/langfuse/index.ts'),
  ]);
  const sink = LangfuseSink.open(setting.config);
  return {
    store: withLangfuse(store, sink),
    async finish(runId) {
      const delivery = await sink.close(LANGFUSE_DRAIN_MS);
      process.stderr.write(formatDelivery(delivery));
      if (delivery.spans.dropped + delivery.scores.dropped > 0) {
        process.stderr.write(`langfuse: send the run again later with \`tdo traces export --langfuse --run ${runId ?? 'RUN_ID'}${dbFlag(store.path)}\`\n`);
        // An outage changes the exit code (the run's own results are whole in SQLite); a command's own code stands.
        if (!process.exitCode) process.exitCode = EXIT.outage;
      }
    },
  };
}

/** For commands that need Langfuse (export, import): its settings, or a usage error saying what is missing. */
/** What `tdo traces import` and `tdo optimize --traces langfuse` need to be told. */
export const LANGFUSE_QUERY_NEEDED = 'say what to import: --session RUN_ID and/or --since DATE';

export function langfuseConfigOrUsage(env: Record<string, string | undefined> = process.env): LangfuseConfig {
  const setting = langfuseEnv(env);
  if (setting.state === 'on') return setting.config;
  throw inputError(setting.state === 'off' ? `Langfuse is not configured: set ${LANGFUSE_ENV_VARS.join(', ')}` : setting.message);
}
