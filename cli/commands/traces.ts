import { Option, type Command } from 'commander';
import { inputError } from '../../src/index.ts';
import { positiveInt, sharedOption, type JsonFlag, type StoreFlags } from '../options.ts';
import { registerLangfuseTraces } from './traces-langfuse.ts';

/** The store and formatters load on use, so commands that need neither start fast. */
const load = async () => ({
  ...(await import('../context.ts')),
  ...(await import('../format/trajectory.ts')),
  ...(await import('../../src/index.ts')),
});

export function registerTraces(program: Command): void {
  const traces = program.command('traces').description('read recorded episodes and trajectories');
  registerLangfuseTraces(traces);

  traces
    .command('list')
    .description('list episodes, newest first')
    .option('--run <id>', 'only this run')
    .option('--failed', 'only failed episodes')
    .addOption(new Option('--errored', 'only errored episodes: outages (model endpoint, MCP server), with their cause').conflicts('failed'))
    .option('--limit <n>', 'at most this many', positiveInt, 50)
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json())
    .action(async (flags: { run?: string; failed?: boolean; errored?: boolean; limit: number } & StoreFlags & JsonFlag) => {
      const { withStore, renderEpisodeList, toJsonText } = await load();
      await withStore(flags, { mode: 'read' }, ({ store }) => {
        if (flags.run !== undefined && !store.getRun(flags.run)) throw inputError(`no run "${flags.run}" in ${store.path}`);
        const episodes = store.listEpisodes({
          ...(flags.run === undefined ? {} : { runId: flags.run }),
          ...(flags.failed ? { failed: true } : {}),
          ...(flags.errored ? { errored: true } : {}),
          limit: flags.limit,
        });
        process.stdout.write(flags.json ? toJsonText(episodes) : renderEpisodeList(episodes, flags.limit));
      });
    });

  traces
    .command('show')
    .description('one episode step by step: every model call and tool call')
    .argument('<episodeId>')
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json())
    .action(async (episodeId: string, flags: StoreFlags & JsonFlag) => {
      const { withStore, renderTrajectory, toJsonText } = await load();
      await withStore(flags, { mode: 'read' }, ({ store }) => {
        const trajectory = store.getTrajectory(episodeId);
        if (!trajectory) throw inputError(`no episode "${episodeId}" in ${store.path}`, { see: { command: 'tdo traces list', dbPath: store.path } });
        process.stdout.write(flags.json ? toJsonText(trajectory) : renderTrajectory(trajectory));
      });
    });
}
