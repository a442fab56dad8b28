import type { Command } from 'commander';
import { choice, sharedOption, type JsonFlag, type StoreFlags } from '../options.ts';

type Format = 'text' | 'md' | 'json' | 'html';

export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description(
      'compare two description versions (or descriptions files): word diff per tool, tokens, measured rates, lint flags gained and lost (B linted with A as its parent, so a dropped limit is named)',
    )
    .argument('<a>', 'version id (or unique prefix) or descriptions file')
    .argument('<b>', 'version id (or unique prefix) or descriptions file')
    .option('--format <format>', 'text (colored on a terminal), md, json or html', choice(['text', 'md', 'json', 'html'] as const), 'text')
    .addOption(sharedOption.json('print JSON (the same as --format json)'))
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .action(async (a: string, b: string, flags: { format: Format } & StoreFlags & JsonFlag, command: Command) => {
      const { inputError } = await import('../../src/index.ts');
      if (flags.json && command.getOptionValueSource('format') === 'cli' && flags.format !== 'json')
        throw inputError(`--json and --format ${flags.format} ask for two formats: give one of them`);
      const format = flags.json ? 'json' : flags.format;
      const { fileSource, isFileReference, versionSource } = await import('../../experiments/index.ts');
      const { diffSources } = await (await import('../../experiments/index.ts')).loadReview();
      const { renderDiff } = await import('../../experiments/index.ts');
      const { colorOn } = await import('../color.ts');
      const render = (source: (ref: string) => ReturnType<typeof fileSource>) => {
        process.stdout.write(renderDiff(diffSources(source(a), source(b)), format, { color: format === 'text' && colorOn() }));
      };
      if (isFileReference(a) && isFileReference(b)) return render(fileSource);
      const { withStore } = await import('../context.ts');
      await withStore(flags, { mode: 'read' }, ({ store }) => render((ref) => (isFileReference(ref) ? fileSource(ref) : versionSource(store, ref))));
    });
}
