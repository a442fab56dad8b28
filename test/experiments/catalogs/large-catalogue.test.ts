import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BFCL_CATALOGUE_PATH, LARGE_CATALOGUE_SUITE_PATH, largeCatalogueFiles } from '../../../experiments/catalogs/large-catalogue.ts';
import { catalogFileSchema } from '../../../servers/catalog/catalog-file.ts';
import { loadSuite } from '../../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../../experiments/suites/shipped.ts';

const root = new URL('../../../', import.meta.url);
const files = largeCatalogueFiles(root);
const catalogue = catalogFileSchema.parse(JSON.parse(files[BFCL_CATALOGUE_PATH]!));

describe('the large-catalogue suite, built from BFCL live_multiple', () => {
  it('is committed as the builder writes it', () => {
    for (const [path, text] of Object.entries(files))
      expect(readFileSync(new URL(path, root), 'utf8'), `${path}: run experiments/catalogs/build-large-catalogue.ts`).toBe(text);
  });

  it('serves more than a hundred BFCL functions as a valid catalogue file, their types in JSON Schema terms', () => {
    expect(catalogue.tools.length).toBeGreaterThanOrEqual(100);
    expect(files[BFCL_CATALOGUE_PATH]).not.toMatch(/"type": "(dict|float|tuple|any)"/);
  });

  it('asks each question of the data once, labelled with a function the catalogue serves, twelve per split', () => {
    const { suite } = loadSuite(new URL(LARGE_CATALOGUE_SUITE_PATH, root).pathname);
    const served = new Set(catalogue.tools.map((t) => `bfcl/${t.name}`));
    expect(suite.servers.map((s) => s.name)).toEqual(['bfcl', 'filesystem', 'sqlite', 'taskmanager', 'lab', 'labplus', 'timber-yard', 'bolt-bin']);
    expect(new Set(suite.tasks.map((t) => t.prompt)).size).toBe(suite.tasks.length);
    for (const task of suite.tasks) {
      expect(
        task.plan.map((s) => s.intent),
        task.id,
      ).toEqual([task.prompt]);
      expect(
        task.plan[0]!.tools.every((label) => served.has(label)),
        task.id,
      ).toBe(true);
      expect(task.stopAfterToolCall, task.id).toBe(true);
    }
    expect(['train', 'val', 'test'].map((split) => suite.tasks.filter((t) => t.split === split).length)).toEqual([12, 12, 12]);
  });

  it('takes the data answer as the label and its first accepted values as the arguments', () => {
    const task = loadSuite('large-catalogue', { shippedSuites: SHIPPED_SUITES_DIR }).suite.tasks.find((t) => t.id === 'live_multiple_0-0-0')!;
    expect(task.plan[0]!.tools).toEqual(['bfcl/ChaDri.change_drink']);
    expect(task.plan[0]!.args).toMatchObject({ drink_id: 'latte', new_preferences: { size: 'large', milk_type: 'coconut' } });
  });
});
