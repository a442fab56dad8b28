import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BFCL_CATALOGUE_PATH,
  LARGE_CATALOGUE_SUITE_PATH,
  largeCatalogueFiles,
  PARAPHRASE_SUITE_PATH,
  paraphraseCatalogueFiles,
  RECURRING_CATALOGUE_PATH,
  RECURRING_SUITE_PATH,
  recurringCatalogueFiles,
  TOOLE_CATALOGUE_PATH,
} from '../../../../experiments/shipped/catalogs/large-catalogue.ts';
import { recurringBfclCatalogue } from '../../../../experiments/shipped/catalogs/bfcl-catalogue.ts';
import { checkSuite } from '../../../../src/suite-check/suite-check.ts';
import { catalogFileSchema } from '../../../../servers/catalog/catalog-file.ts';
import { loadSuite } from '../../../../src/suite/load.ts';
import { SHIPPED_SUITES_DIR } from '../../../../experiments/shipped/suites/shipped.ts';

const root = new URL('../../../../', import.meta.url);
const files = largeCatalogueFiles(root);
const catalogue = catalogFileSchema.parse(JSON.parse(files[BFCL_CATALOGUE_PATH]!));

describe('the large-catalogue suite, built from BFCL live_multiple', () => {
  it('is committed as the builder writes it', () => {
    for (const [path, text] of Object.entries(files))
      expect(readFileSync(new URL(path, root), 'utf8'), `${path}: run experiments/shipped/catalogs/build-large-catalogue.ts`).toBe(text);
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

describe('the recurring large-catalogue suite, built from BFCL live_multiple', () => {
  const recurring = recurringCatalogueFiles(root);
  const fixtures = new URL('test/fixtures/tool-preferences/', root);
  const data = [new URL('bfcl_live_multiple.jsonl.gz', fixtures), new URL('bfcl_live_multiple.answers.jsonl', fixtures)] as const;

  it('is committed as the builder writes it, and the builder writes the same files again', () => {
    expect(recurringCatalogueFiles(root)).toEqual(recurring);
    for (const [path, text] of Object.entries(recurring))
      expect(readFileSync(new URL(path, root), 'utf8'), `${path}: run experiments/shipped/catalogs/build-large-catalogue.ts`).toBe(text);
  });

  it('asks every labelled tool in train, in validation and in test, going round its questions in file order', () => {
    const { questions } = recurringBfclCatalogue(...data, 2);
    const splits = new Map<string, string[]>();
    for (const q of questions) splits.set(q.correct, [...(splits.get(q.correct) ?? []), q.split]);
    for (const [tool, own] of splits) {
      expect(own.length, tool).toBeGreaterThanOrEqual(3);
      expect(own, tool).toEqual(['train', 'val', 'test', 'train', 'val', 'test'].slice(0, own.length));
    }
    expect(new Set(questions.map((q) => q.question)).size).toBe(questions.length);
  });

  it('serves every labelled function once, beside the seven other servers, and asks at least forty test questions', () => {
    const served = catalogFileSchema.parse(JSON.parse(recurring[RECURRING_CATALOGUE_PATH]!)).tools.map((t) => t.name);
    expect(new Set(served).size).toBe(served.length);
    const { suite } = loadSuite(new URL(RECURRING_SUITE_PATH, root).pathname);
    expect(suite.servers.map((s) => s.name)).toEqual(['bfcl', 'filesystem', 'sqlite', 'taskmanager', 'lab', 'labplus', 'timber-yard', 'bolt-bin']);
    for (const task of suite.tasks) expect(served, task.id).toContain(task.plan[0]!.tools[0]!.replace(/^bfcl\//, ''));
    expect(suite.tasks.filter((t) => t.split === 'test').length).toBeGreaterThanOrEqual(40);
  });

  it('gives the suite check a labelled step of every labelled BFCL tool in each split', () => {
    const { suite } = loadSuite(new URL(RECURRING_SUITE_PATH, root).pathname);
    const tools = catalogFileSchema.parse(JSON.parse(recurring[RECURRING_CATALOGUE_PATH]!)).tools;
    // Labels are matched by server and name; the schemas matter only to the sim's reading, which this check leaves out.
    const catalogue = tools.map((t) => ({ name: t.name, server: 'bfcl', tool: t.name, description: t.description, inputSchema: { type: 'object' as const } }));
    const check = checkSuite({ suite, catalogue, episodesPerTestTask: 1 });
    const labelled = check.tools.filter((t) => t.steps.train + t.steps.val + t.steps.test > 0);
    expect(labelled.length).toBeGreaterThanOrEqual(30);
    for (const tool of labelled) expect(Math.min(tool.steps.train, tool.steps.val, tool.steps.test), tool.name).toBeGreaterThan(0);
    expect(check.minDetectableChange.change).toBeLessThan(0.3);
  });
});

describe('the paraphrase large-catalogue suite, built from ToolE', () => {
  const paraphrase = paraphraseCatalogueFiles(root);

  it('is committed as the builder writes it', () => {
    for (const [path, text] of Object.entries(paraphrase))
      expect(readFileSync(new URL(path, root), 'utf8'), `${path}: run experiments/shipped/catalogs/build-large-catalogue.ts`).toBe(text);
  });

  it("serves ToolE's 31 tools first, beside the large catalogue's eight servers and its BFCL file", () => {
    const toole = catalogFileSchema.parse(JSON.parse(paraphrase[TOOLE_CATALOGUE_PATH]!)).tools;
    expect(toole).toHaveLength(31);
    const { suite } = loadSuite(new URL(PARAPHRASE_SUITE_PATH, root).pathname);
    expect(suite.servers.map((s) => s.name)).toEqual(['toole', 'bfcl', 'filesystem', 'sqlite', 'taskmanager', 'lab', 'labplus', 'timber-yard', 'bolt-bin']);
    const bfcl = suite.servers[1]!;
    expect('args' in bfcl ? bfcl.args.at(-1) : undefined).toBe(new URL(BFCL_CATALOGUE_PATH, root).pathname);
    expect(suite.targetServer).toBe('toole');
  });

  it('asks each tool three distinct queries in every split, in file order, word for word', () => {
    const { suite } = loadSuite(new URL(PARAPHRASE_SUITE_PATH, root).pathname);
    expect(new Set(suite.tasks.map((t) => t.prompt)).size).toBe(suite.tasks.length);
    const perTool = new Map<string, string[]>();
    for (const task of suite.tasks) {
      expect(task.plan.map((s) => s.intent)).toEqual([task.prompt]);
      const label = task.plan[0]!.tools[0]!;
      perTool.set(label, [...(perTool.get(label) ?? []), task.split]);
    }
    expect(perTool.size).toBe(31);
    for (const [tool, splits] of perTool) expect(splits, tool).toEqual(['train', 'val', 'test', 'train', 'val', 'test', 'train', 'val', 'test']);
    const first = suite.tasks.find((t) => t.plan[0]!.tools[0] === 'toole/NotesTool')!;
    expect(first.prompt).toBe('Can you help me create a to-do list?');
  });
});
