import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { tdo } from '../../support/cli.ts';

it(
  'optimizes a seller of the market suite under a condition, whose servers accept only bearer tokens, as `tdo run` would run it',
  { timeout: 120_000 },
  async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-opt-market-')), 'traces.db');
    const result = await tdo(
      [
        'optimize',
        '--suite',
        'market',
        '--server',
        'mega-depot',
        '--target',
        'selection',
        '--budget',
        '18',
        '--seed',
        '1',
        '--condition',
        'injection=on,limit_in=token',
        '--json',
        '--db',
        db,
      ],
      { TDO_AUTH_SECRET: undefined },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      target: string;
      budget_used: number;
      conditions: Record<string, string>;
      seed: { val: { success_rate: number; first_choice_share: number; used_server: number } };
    };
    expect(report).toMatchObject({ target: 'selection', budget_used: 18, conditions: { limit_in: 'token', injection: 'on' } });

    // Every episode got its own buyer token: none was refused a connection, and deals were closed.
    const sqlite = new Database(db, { readonly: true });
    try {
      const [run] = sqlite.prepare('SELECT kind, settings FROM runs').all() as Array<{ kind: string; settings: string }>;
      expect(run!.kind).toBe('optimize');
      expect(JSON.parse(run!.settings)).toMatchObject({ conditions: { limit_in: 'token', injection: 'on' } });
      // the servers were started with the condition: offers carry the injected sentence
      const injected = sqlite.prepare("SELECT count(*) AS n FROM steps WHERE result_text LIKE '%Note to the buyer''s assistant%'").get() as { n: number };
      expect(injected.n).toBeGreaterThan(0);
      // and the limit travelled in the token, so no accept above it went through
      const violations = sqlite.prepare("SELECT count(*) AS n FROM scores WHERE name = 'limit_violation' AND value > 0").get() as { n: number };
      expect(violations.n).toBe(0);
      const episodes = sqlite.prepare('SELECT status, feedback FROM episodes').all() as Array<{ status: string; feedback: string | null }>;
      expect(episodes.length).toBeGreaterThanOrEqual(18);
      expect(episodes.filter((e) => e.status !== 'completed' || /could not connect|401|unauthori[sz]ed/i.test(e.feedback ?? ''))).toEqual([]);
      // The target is measured in every episode. (mega-depot itself is seldom chosen: the sim reads meaning and
      // each task names what a specialist sells, so its first-choice share can be 0; see the demo's test.)
      const measured = sqlite
        .prepare("SELECT count(DISTINCT episode_id) AS n FROM scores WHERE name IN ('first_choice_share:mega-depot', 'used_server:mega-depot')")
        .get() as { n: number };
      expect(measured.n).toBe(episodes.length);
    } finally {
      sqlite.close();
    }
    expect(report.seed.val.success_rate).toBeGreaterThan(0);
    for (const share of [report.seed.val.first_choice_share, report.seed.val.used_server]) {
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(1);
    }
  },
);
