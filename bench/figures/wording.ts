// The suite check's wording overlap on the shipped suites (docs/suites.md, "Wording distance"): for each, `tdo suite
// check --json` against the descriptions its servers list, and lab's against the accurate descriptions of
// test/fixtures/ too, recorded as a version.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pct, tdoJson } from './tdo.ts';

type Split = 'train' | 'val' | 'test' | 'paraphrase';
const SPLITS: readonly Split[] = ['train', 'val', 'test', 'paraphrase'];

/** What the figure reads of `tdo suite check --json` (cli/actions/suite-check.ts). */
interface CheckJson {
  suite_check: {
    wording: {
      threshold: number;
      splits: Record<Split, { tasks: number; mean: number | null; close: number }>;
      closest: Array<{ task: string; overlap: number }>;
    };
  };
}

const suitesDir = fileURLToPath(new URL('../../experiments/shipped/suites/', import.meta.url));
const shipped = (name: string) => join(suitesDir, `${name}.yaml`);
const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/${name}`, import.meta.url));
const LARGE = ['large-catalogue', 'large-catalogue-recurring', 'large-catalogue-paraphrase'];
/** The third-party suites: those shipped with careful descriptions of their server's tools beside them (docs/suites.md). */
const thirdParty = () =>
  readdirSync(suitesDir)
    .filter((f) => f.endsWith('.careful.json'))
    .map((f) => f.slice(0, -'.careful.json'.length))
    .sort();

const DB = 'wording.db';

async function check(suite: string, versions: string[] = []): Promise<CheckJson['suite_check']['wording']> {
  const args = ['suite', 'check', '--suite', suite, ...(versions.length === 0 ? [] : ['--version', versions.join(',')])];
  return (await tdoJson<CheckJson>(args, DB)).value.suite_check.wording;
}

/** lab's servers' accurate descriptions, recorded as versions in the figure's database. */
async function accurateLab(): Promise<string[]> {
  const ids: string[] = [];
  for (const server of ['lab', 'labplus']) {
    const args = ['import', fixture(`${server}-accurate-descriptions.json`), '--server', server, '--new-server'];
    ids.push((await tdoJson<{ id: string }>(args, DB)).value.id);
  }
  return ids;
}

function row(label: string, w: CheckJson['suite_check']['wording']): string {
  const cell = (s: Split) => (w.splits[s].tasks === 0 ? '–' : `${pct(w.splits[s].mean!)} (${w.splits[s].close} of ${w.splits[s].tasks})`);
  const closest = w.closest.map((t) => `${t.task} ${pct(t.overlap)}`).join(', ');
  return `| ${label} | ${SPLITS.map(cell).join(' | ')} | ${closest} |`;
}

export async function wordingOverlap(): Promise<string> {
  const rows = [row('lab', await check('lab')), row('lab, accurate descriptions', await check('lab', await accurateLab()))];
  for (const suite of [...LARGE, ...thirdParty()]) rows.push(row(suite, await check(shipped(suite))));
  return ['| suite | train | val | test | paraphrase | closest tasks |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}
