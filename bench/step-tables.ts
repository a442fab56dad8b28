// Issue 17 (recorder): what migration 0005 changed for the step and score tables, measured side by side in one
// process: the release schema before it (AUTOINCREMENT ids, a tool index over every step) against today's (rowids,
// the tool index only over tool steps). Same rows, same statements, each step its own commit as the recorder makes it.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { labSuite } from './lib/lab.ts';
import { labEpisodePayloads, type EpisodePayload } from './lib/payloads.ts';
import { scaled, sectionMain, type SectionContext } from './lib/section.ts';
import { interleaved, median, pairedRatios, spread } from './lib/stats.ts';
import { scratchDir } from './lib/temp.ts';

const MIGRATIONS = fileURLToPath(new URL('../traces/migrations', import.meta.url));
/** the first migration the "before" schema leaves out */
const EXPLICIT_RECORDS = 5;
const STEPS_PER_ROUND = 20_000;
const STEPS_PER_EPISODE = 5;
const ROUNDS = 6;
const SCHEMAS = ['release', 'today'] as const;
type Schema = (typeof SCHEMAS)[number];
/**
 * The recorder's step insert over the columns both schemas have: the release lacks the ones later migrations
 * added (cost, tokens_estimated), so the recorder's own statement would not prepare there.
 */
const INSERT_STEP = `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, server, tool, catalogue_name, arguments, result_text,
  is_error, model, input, output, tokens_in, tokens_out, cached)
  VALUES (?, (SELECT COALESCE(MAX(s.seq) + 1, 0) FROM steps AS s WHERE s.episode_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  RETURNING id, seq`;

/** A database migrated as far as `schema` goes, with the recorder's connection settings. */
function openSchema(dir: string, schema: Schema): Database.Database {
  const folder = join(dir, `migrations-${schema}`);
  cpSync(MIGRATIONS, folder, { recursive: true });
  if (schema === 'release') {
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    for (const e of journal.entries.filter((x) => x.idx >= EXPLICIT_RECORDS)) rmSync(join(folder, `${e.tag}.sql`));
    journal.entries = journal.entries.filter((e) => e.idx < EXPLICIT_RECORDS);
    writeFileSync(journalFile, JSON.stringify(journal));
  }
  const sqlite = new Database(join(dir, `${schema}.db`));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = OFF');
  migrate(drizzle(sqlite), { migrationsFolder: folder, migrationsTable: '__drizzle_migrations' });
  sqlite.pragma('foreign_keys = ON');
  const runColumns =
    schema === 'release'
      ? "config) VALUES ('r', '', 'running', 'bench', '', 'sim', 'val', 1, 0, 1, '{}', '{}')"
      : "kind, settings) VALUES ('r', '', 'running', 'bench', '', 'sim', 'val', 1, 0, 1, '{}', 'suite', '{}')";
  sqlite.exec(`INSERT INTO runs (id, created_at, status, suite_name, suite_path, agent_id, split, repeats, seed, concurrency, version_ids, ${runColumns}`);
  return sqlite;
}

/** Steps per second (wall clock and per CPU-second) writing every payload's steps and scores, one commit per row, into fresh episodes. */
function writeRound(sqlite: Database.Database, round: number, payloads: readonly EpisodePayload[]): { wall: number; cpu: number } {
  const episode = sqlite.prepare(
    "INSERT INTO episodes (id, run_id, task_id, split, repeat_index, seed, status, started_at) VALUES (?, 'r', ?, 'val', ?, 0, 'running', '')",
  );
  const step = sqlite.prepare(INSERT_STEP);
  const score = sqlite.prepare('INSERT INTO scores (episode_id, name, value, comment) VALUES (?, ?, ?, ?)');
  const json = (v: unknown) => JSON.stringify(v ?? null);
  let steps = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  payloads.forEach((payload, i) => {
    const id = `e-${round}-${i}`;
    episode.run(id, `t${i}`, round);
    for (const s of payload.steps) {
      steps++;
      if ('tool' in s) {
        const t = s.tool;
        step.run(id, id, 'tool', '', t.latencyMs, t.server, t.tool, t.name, json(t.args), t.output, t.isError ? 1 : 0, null, null, null, null, null, null);
      } else {
        const m = s.model;
        step.run(id, id, 'model', '', m.latencyMs, null, null, null, null, null, null, m.model, json(m.input), json(m.output), null, null, m.cached ? 1 : 0);
      }
    }
    for (const sc of payload.scores) score.run(id, sc.name, sc.value, sc.comment ?? null);
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpuBefore);
  return { wall: steps / seconds, cpu: steps / ((used.user + used.system) / 1e6) };
}

function stepTables(ctx: SectionContext): void {
  const dir = scratchDir('step-tables');
  const steps = scaled(ctx, STEPS_PER_ROUND, 1000);
  const payloads = labEpisodePayloads(labSuite(), Math.ceil(steps / STEPS_PER_EPISODE), STEPS_PER_EPISODE);
  const dbs = { release: openSchema(dir, 'release'), today: openSchema(dir, 'today') };
  const rates: Record<Schema, number[]> = { release: [], today: [] };
  const cpu: Record<Schema, number[]> = { release: [], today: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const schema of interleaved(SCHEMAS, round)) {
        const r = writeRound(dbs[schema], round, payloads);
        rates[schema].push(r.wall);
        cpu[schema].push(r.cpu);
      }
    }
    const bytes = (schema: Schema) => {
      dbs[schema].pragma('wal_checkpoint(TRUNCATE)');
      return (dbs[schema].pragma('page_count', { simple: true }) as number) * (dbs[schema].pragma('page_size', { simple: true }) as number);
    };
    const size = { release: bytes('release'), today: bytes('today') };
    ctx.note(
      `${steps} steps per round (${payloads.length} lab episodes x ${STEPS_PER_EPISODE} steps, and their scores), each row its own commit (WAL, synchronous=NORMAL), the recorder's step statement; ${ROUNDS} rounds, the two schemas alternating first`,
    );
    for (const schema of SCHEMAS) {
      ctx.add({
        id: `step_tables.${schema}.steps_per_s`,
        label: `durable step inserts, ${schema} schema (wall clock)`,
        value: median(rates[schema]),
        unit: 'steps/s',
        spread: spread(rates[schema]),
      });
    }
    const ratio = pairedRatios(rates.today, rates.release);
    ctx.add({ id: 'step_tables.speedup', label: 'today / release, wall clock, paired by round', value: median(ratio), unit: 'x', spread: spread(ratio) });
    const cpuRatio = pairedRatios(cpu.today, cpu.release);
    ctx.add({
      id: 'step_tables.cpu_speedup',
      label: 'today / release, steps per CPU-second of the writing process, paired by round',
      value: median(cpuRatio),
      unit: 'x',
      spread: spread(cpuRatio),
      note: `${Math.round(median(cpu.release))} -> ${Math.round(median(cpu.today))} steps per CPU-second`,
    });
    ctx.add({
      id: 'step_tables.size_ratio',
      label: 'database size after all rounds, today / release',
      value: size.today / size.release,
      unit: 'x',
      note: `${(size.release / 1e6).toFixed(1)} MB -> ${(size.today / 1e6).toFixed(1)} MB`,
    });
  } finally {
    dbs.release.close();
    dbs.today.close();
  }
}

await sectionMain('step-tables', '2b. Step and score tables before and after migration 0005 (rowids, partial tool index)', async (ctx) => {
  stepTables(ctx);
});
