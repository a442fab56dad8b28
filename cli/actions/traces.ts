// `tdo traces list` and `tdo traces show`: recorded episodes, and one trajectory step by step.
import { inputError, toJsonText } from '../../src/index.ts';
import { withStore } from '../context.ts';
import { renderEpisodeList, renderTrajectory } from '../format/trajectory.ts';
import type { TracesListFlags, TracesShowFlags } from '../tables/traces.ts';

export async function tracesListCommand(flags: TracesListFlags): Promise<void> {
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
}

export async function tracesShowCommand(episodeId: string, flags: TracesShowFlags): Promise<void> {
  await withStore(flags, { mode: 'read' }, ({ store }) => {
    const trajectory = store.getTrajectory(episodeId);
    if (!trajectory) throw inputError(`no episode "${episodeId}" in ${store.path}`, { see: { command: 'tdo traces list', dbPath: store.path } });
    process.stdout.write(flags.json ? toJsonText(trajectory) : renderTrajectory(trajectory));
  });
}
