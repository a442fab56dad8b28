import type { Command } from 'commander';
import { choice } from '../options.ts';

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
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .action(async (a: string, b: string, flags: { format: Format; db?: string }) => {
      const { fileSource, isFileReference, versionSource } = await import('../../../experiments/review/sources.ts');
      const { diffSources } = await import('../../../experiments/review/version-diff.ts');
      const { renderDiff } = await import('../../../experiments/review/render-diff.ts');
      const needsStore = !isFileReference(a) || !isFileReference(b);
      const store = needsStore ? (await import('../store.ts')).openStoreForReading(flags.db) : undefined;
      try {
        const source = (ref: string) => (isFileReference(ref) ? fileSource(ref) : versionSource(store!, ref));
        const diff = diffSources(source(a), source(b));
        process.stdout.write(renderDiff(diff, flags.format, { color: flags.format === 'text' && process.stdout.isTTY === true && !process.env.NO_COLOR }));
      } finally {
        store?.close();
      }
    });
}
