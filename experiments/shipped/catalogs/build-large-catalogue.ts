/**
 * Writes the large-catalogue suites from data this project did not write: `npx tsx experiments/shipped/catalogs/build-large-catalogue.ts`
 * writes experiments/shipped/catalogs/bfcl-live-multiple.json (the BFCL functions, served by `tdo serve catalog`) and
 * experiments/shipped/suites/large-catalogue.yaml (its questions as selection-only tasks, beside the captured third-party
 * catalogues and the lab and market servers), and the same pair for the recurring suite
 * (bfcl-live-multiple-recurring.json, large-catalogue-recurring.yaml) and the paraphrase suite with the ToolE catalogue
 * (toole.json, large-catalogue-paraphrase.yaml). test/experiments/shipped/catalogs/large-catalogue.test.ts checks all six are
 * what this script writes.
 */
import { writeFileSync } from 'node:fs';
import { largeCatalogueFiles, paraphraseCatalogueFiles, recurringCatalogueFiles } from './large-catalogue.ts';

const root = new URL('../../../', import.meta.url);
for (const [path, text] of Object.entries({ ...largeCatalogueFiles(root), ...recurringCatalogueFiles(root), ...paraphraseCatalogueFiles(root) })) {
  writeFileSync(new URL(path, root), text);
  console.log(`wrote ${path}`);
}
