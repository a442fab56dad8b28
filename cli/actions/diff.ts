// `tdo diff`: two versions or descriptions files side by side, in the format asked for.
import type { Command } from 'commander';
import { inputError } from '../../src/index.ts';
import { fileSource, isFileReference, loadReview, renderDiff, versionSource } from '../../experiments/index.ts';
import { colorOn } from '../color.ts';
import { withStore } from '../context.ts';
import type { DiffFlags } from '../tables/diff.ts';

export async function diffCommand(a: string, b: string, flags: DiffFlags, command: Command): Promise<void> {
  if (flags.json && command.getOptionValueSource('format') === 'cli' && flags.format !== 'json')
    throw inputError(`--json and --format ${flags.format} ask for two formats: give one of them`);
  const format = flags.json ? 'json' : flags.format;
  const { diffSources } = await loadReview();
  const render = (source: (ref: string) => ReturnType<typeof fileSource>) => {
    process.stdout.write(renderDiff(diffSources(source(a), source(b)), format, { color: format === 'text' && colorOn() }));
  };
  if (isFileReference(a) && isFileReference(b)) return render(fileSource);
  await withStore(flags, { mode: 'read' }, ({ store }) => render((ref) => (isFileReference(ref) ? fileSource(ref) : versionSource(store, ref))));
}
