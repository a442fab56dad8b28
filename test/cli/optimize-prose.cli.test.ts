// `tdo optimize` on a seed whose descriptions end without a final period (one with trailing spaces, one in a
// colon), served from a catalogue of our own (test/fixtures/lab-no-period-catalog.json) with the lab suite's
// tasks cut small and made selection-only, so every call the proposer reads is tdo's placeholder: whatever
// the search writes ends each sentence, joins none into a run-on, and quotes no placeholder. --allow-flags lets
// the claim edits run too, so a child is accepted within the small budget; the prose rules are checked here.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lintDescriptions } from '../../experiments/review/lint/lint.ts';
import { sentences } from '../../optimizer/proposers/sim/sentences.ts';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-optimize-prose-'));
const CATALOG = join(REPO_ROOT, 'test/fixtures/lab-no-period-catalog.json');
const PROSE_RULES = ['run-on-sentence', 'tdo-placeholder', 'empty-example'];

type PlanSteps = Array<{ tools: string[] }>;

/** The lab suite's first 9 train, 6 val and 3 test tasks, each stopping at its first tool call, against the catalogue. */
function noPeriodSuite(): string {
  const suite = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ split: string; plan: PlanSteps }> };
  const first = (split: string, n: number) => suite.tasks.filter((t) => t.split === split).slice(0, n);
  // labplus's smart_compute is no tool of this catalogue: a label must name a listed tool
  const listedOnly = (plan: PlanSteps) => plan.map((step) => ({ ...step, tools: step.tools.filter((tool) => tool !== 'smart_compute') }));
  const tasks = [...first('train', 9), ...first('val', 6), ...first('test', 3)].map((t) => ({
    ...t,
    plan: listedOnly(t.plan),
    check: { kind: 'selection' },
    stopAfterToolCall: true,
  }));
  const servers = [{ name: 'lab', command: '${NODE}', args: ['${TDO_ROOT}/bin/tdo.js', 'serve', 'catalog', CATALOG] }];
  const path = join(dir, 'lab-no-period.json');
  writeFileSync(path, JSON.stringify({ ...suite, name: 'lab-no-period', servers, tasks }));
  return path;
}

const ENDED = /[.!?]["'”’)\]]*$/;

/**
 * What a reviewer would have to fix in a text the search wrote: an unended sentence, a seed's last sentence
 * (these seeds are one sentence each) left unended before what was added after it, or a prose flag.
 */
function proseProblems(descriptions: Record<string, string>, seed: Record<string, string>): string[] {
  const unended = Object.entries(descriptions).flatMap(([tool, text]) =>
    sentences(text)
      .filter((s) => !ENDED.test(s))
      .map((s) => `${tool}: unended "${s}"`),
  );
  const glued = Object.entries(descriptions).flatMap(([tool, text]) => {
    const opening = seed[tool]!.trim().replace(/[,;:]+$/, '');
    return text.startsWith(opening) && !/^[.!?]/.test(text.slice(opening.length)) ? [`${tool}: the seed's sentence is not ended in "${text}"`] : [];
  });
  const flags = lintDescriptions(descriptions)
    .filter((f) => PROSE_RULES.includes(f.rule))
    .map((f) => `${f.tool}: ${f.rule} "${f.phrase}"`);
  return [...unended, ...glued, ...flags];
}

interface ProseJson {
  version_id: string;
  seed_version_id: string;
  seed: { descriptions: Record<string, string> };
  best: { descriptions: Record<string, string> };
  proposals: { made: number; accepted: number };
  proposal_outcomes: { made: number; accepted: number; why: string | null };
}

describe('tdo optimize on a seed without final periods', () => {
  it('writes a winner whose sentences end, with no run-on, placeholder or empty example', { timeout: 120_000 }, async () => {
    const db = join(dir, 'prose.db');
    const result = await tdo(['optimize', '--suite', noPeriodSuite(), '--server', 'lab', '--budget', '36', '--allow-flags', '--json', '--db', db]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as ProseJson;
    expect(report.version_id).not.toBe(report.seed_version_id);
    const rewritten = Object.fromEntries(Object.entries(report.best.descriptions).filter(([tool, text]) => text !== report.seed.descriptions[tool]));
    expect(Object.keys(rewritten).length).toBeGreaterThan(0);
    expect(proseProblems(rewritten, report.seed.descriptions)).toEqual([]);

    // every description the proposer wrote in the search, accepted or not, reads the same way
    const sqlite = new Database(db, { readonly: true });
    try {
      const rows = sqlite.prepare("SELECT proposal FROM optimizer_proposals WHERE kind = 'mutation'").all() as Array<{ proposal: string }>;
      const written = rows.flatMap((r) => Object.entries(JSON.parse(r.proposal) as Record<string, { ok: boolean; text?: string }>));
      const texts = written.flatMap(([tool, p]) => (p.ok && p.text !== undefined && p.text !== report.seed.descriptions[tool] ? [{ [tool]: p.text }] : []));
      expect(texts.length).toBeGreaterThan(0);
      for (const descriptions of texts) expect(proseProblems(descriptions, report.seed.descriptions)).toEqual([]);
    } finally {
      sqlite.close();
    }
    expect(report.proposal_outcomes).toMatchObject({ made: report.proposals.made, accepted: report.proposals.accepted });
    if (report.proposals.accepted < report.proposals.made)
      expect(report.proposal_outcomes.why).toMatch(/^why \d+ of \d+ proposals? (?:was|were) not accepted: /);
  });
});
