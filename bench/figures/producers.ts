// Each generated block of the documentation and what produces its figures (run by bench/readme-figures.ts), and
// the pages that may hold blocks.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optionTableMarkdown } from '../../cli/option-table.ts';
import { OPTION_TABLES } from '../../cli/tables/index.ts';
import { tokenBudget } from './budget.ts';
import { demo } from './demo.ts';
import { labplus, quickStart, seeds } from './lab.ts';
import { llm } from './llm.ts';
import { labToolSearch, largeCatalogue, largeCatalogueReadme, paraphraseCatalogue, recurringCatalogue } from './tool-search.ts';
import { wordingOverlap } from './wording.ts';

export const PRODUCERS: Record<string, () => Promise<string>> = {
  'quick-start': quickStart,
  seeds,
  labplus,
  demo,
  llm,
  'large-catalogue': largeCatalogue,
  'large-catalogue-readme': largeCatalogueReadme,
  'large-catalogue-recurring': recurringCatalogue,
  'large-catalogue-paraphrase': paraphraseCatalogue,
  'tool-search-lab': labToolSearch,
  'token-budget': tokenBudget,
  'wording-overlap': wordingOverlap,
  // docs/commands.md's option tables, rendered from their declarations as --help is
  ...Object.fromEntries(Object.entries(OPTION_TABLES).map(([command, table]) => [`options-${command}`, async () => optionTableMarkdown(table)])),
};

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** README.md and every page of docs/, as absolute paths. */
export function pages(): string[] {
  const docs = readdirSync(root('docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].map(root);
}
