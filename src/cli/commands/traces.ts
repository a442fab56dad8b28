import type { Command } from 'commander';
import { UsageError } from '../errors.ts';
import { positiveInt } from '../options.ts';
import { registerLangfuseTraces } from './traces-langfuse.ts';

/** The store and formatters load on use, so commands that need neither start fast. */
const load = async () => ({ ...(await import('../store.ts')), ...(await import('../format/trajectory.ts')) });

export function registerTraces(program: Command): void {
  const traces = program.command('traces').description('read recorded episodes and trajectories');
  registerLangfuseTraces(traces);

  traces
    .command('list')
    .description('list episodes, newest first')
    .option('--run <id>', 'only this run')
    .option('--failed', 'only failed episodes')
    .option('--limit <n>', 'at most this many', positiveInt, 50)
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print JSON')
    .action(async (flags: { run?: string; failed?: boolean; limit: number; db?: string; json?: boolean }) => {
      const { openStoreForReading, renderEpisodeList } = await load();
      const store = openStoreForReading(flags.db);
      try {
        if (flags.run !== undefined && !store.getRun(flags.run)) throw new UsageError(`no run "${flags.run}" in ${store.path}`);
        const episodes = store.listEpisodes({
          ...(flags.run === undefined ? {} : { runId: flags.run }),
          ...(flags.failed ? { failed: true } : {}),
          limit: flags.limit,
        });
        process.stdout.write(flags.json ? `${JSON.stringify(episodes)}\n` : renderEpisodeList(episodes, flags.limit));
      } finally {
        store.close();
      }
    });

  traces
    .command('show')
    .description('one episode step by step: every model call and tool call')
    .argument('<episodeId>')
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print JSON')
    .action(async (episodeId: string, flags: { db?: string; json?: boolean }) => {
      const { openStoreForReading, renderTrajectory } = await load();
      const store = openStoreForReading(flags.db);
      try {
        const trajectory = store.getTrajectory(episodeId);
        if (!trajectory) throw new UsageError(`no episode "${episodeId}" in ${store.path} (see \`tdo traces list\`)`);
        process.stdout.write(flags.json ? `${JSON.stringify(trajectory)}\n` : renderTrajectory(trajectory));
      } finally {
        store.close();
      }
    });
}
