// Sim searches of the shipped suites (lab and the three CRUD suites), small budgets, read back from their stores:
// every description the sim proposer wrote (accepted candidates and every proposal) is checked for the sentences
// issue 51 found on a 26-tool server: a "does not X; use Y instead" (or "To X, use Y instead") whose Y does not do
// X by its own name ("It does not add issues; use add_issue_comment instead"), and a word cut from a tool name and
// made plural ("pulls" of create_pull_request_review).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { terms } from '../../../../src/text/words.ts';
import { sentences } from '../../../../optimizer/proposers/sim/sentences.ts';
import { tdoEach } from '../../../support/cli.ts';
import { REPO_ROOT } from '../../../support/lab-runs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-honest-sentences-'));
const SEARCHES = [
  { suite: 'lab', server: 'lab' },
  { suite: 'taskmanager-selection', server: 'taskmanager' },
  { suite: 'sqlite-selection', server: 'sqlite' },
  { suite: 'filesystem-edit-selection', server: 'filesystem' },
];
const BUDGET = '60';

const NOT_FOR = /^It does not ([^;]*); use (.+?) instead\.$/;
const POINTER = /^To ([^,;]*), use (\S+) instead\.$/;
/** Where a tool name's object ends ("add_tasks_to_request" acts on tasks). */
const PREPOSITIONS = new Set(['to', 'with', 'from', 'in', 'into', 'for', 'by', 'of', 'on', 'at', 'as', 'via', 'per', 'about']);

const nameWords = (tool: string) =>
  tool
    .split(/[^\p{L}]+|(?<=\p{Ll})(?=\p{Lu})/u)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
const stem = (word: string) => terms(word)[0] ?? word;

/** Whether tool's own name does `job` (a verb and its object): every word of the job in the name, and the job's last word the last of the name's object. */
function nameDoes(tool: string, job: string): boolean {
  const words = nameWords(tool);
  const cut = words.findIndex((w) => PREPOSITIONS.has(w));
  const object = cut < 0 ? words : words.slice(0, cut);
  const stems = new Set(words.map(stem));
  const jobWords = job.split(/\s+/).filter((w) => w !== 'or' && w !== 'and');
  return jobWords.every((w) => stems.has(stem(w))) && object.map(stem).includes(stem(jobWords.at(-1)!));
}

/** A job per tool of a not-for or pointer sentence ("read files or list directories" with "read_file or list_directory"). */
function pairs(sentence: string): Array<{ job: string; tool: string }> {
  const notFor = NOT_FOR.exec(sentence);
  if (notFor !== null) {
    const tools = notFor[2]!.split(/, | or /);
    // jobs are joined by " or " too, and a job may hold "or" itself ("create or update files"): match from the tools' side
    const jobs = notFor[1]!.split(/, | or (?=\S+ \S)/);
    return jobs.length === tools.length ? tools.map((tool, i) => ({ tool, job: jobs[i]! })) : tools.map((tool) => ({ tool, job: notFor[1]! }));
  }
  const pointer = POINTER.exec(sentence);
  return pointer === null ? [] : [{ tool: pointer[2]!, job: pointer[1]! }];
}

/** Plurals of the words of a tool name other than the last word of its object: "pulls" of create_pull_request_review. */
function cutPlurals(tools: readonly string[]): Map<string, string> {
  const cut = new Map<string, string>();
  for (const tool of tools) {
    const words = nameWords(tool);
    const end = words.findIndex((w) => PREPOSITIONS.has(w));
    const object = end < 0 ? words : words.slice(0, end);
    for (const w of words.filter((word) => word.length > 2 && word !== object.at(-1)))
      for (const plural of [`${w}s`, `${w}es`, w.replace(/y$/, 'ies')]) if (plural !== w) cut.set(plural, tool);
  }
  return cut;
}

interface Problem {
  suite: string;
  tool: string;
  problem: string;
}

/** What a reviewer would strike in `text`, written for `tool` of a server whose seed descriptions are `seed`. */
function problems(suite: string, tool: string, text: string, seed: Record<string, string>, plain: Set<string>): Problem[] {
  const found: Problem[] = [];
  const added = sentences(text).filter((s) => !(seed[tool] ?? '').includes(s));
  for (const sentence of added) {
    for (const { job, tool: other } of pairs(sentence)) {
      if (!Object.hasOwn(seed, other)) found.push({ suite, tool, problem: `names ${other}, no tool of the server: "${sentence}"` });
      else if (!nameDoes(other, job)) found.push({ suite, tool, problem: `${other} does not ${job} by its name: "${sentence}"` });
    }
    for (const [plural, from] of cutPlurals(Object.keys(seed)))
      if (new RegExp(`\\b${plural}\\b`, 'i').test(sentence) && !plain.has(plural))
        found.push({ suite, tool, problem: `"${plural}" is cut from ${from}: "${sentence}"` });
  }
  return found;
}

describe('the sim proposer on the shipped suites', () => {
  it('writes no "does not X; use Y" whose Y does not do X, and no noun cut from a tool name', { timeout: 240_000 }, async () => {
    const dbs = SEARCHES.map(({ suite }) => join(dir, `${suite}.db`));
    const results = await tdoEach(
      SEARCHES.map(({ suite, server }, i) => ({
        args: ['optimize', '--suite', suite, '--server', server, '--target', 'success', '--budget', BUDGET, '--seed', '1', '--json', '--db', dbs[i]!],
      })),
    );
    const found: Problem[] = [];
    let pointers = 0;
    let accepted = 0;
    for (const [i, { suite }] of SEARCHES.entries()) {
      expect(results[i]!.code, results[i]!.stderr).toBe(0);
      const yaml = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites', `${suite}.yaml`), 'utf8')) as {
        tasks: Array<{ prompt: string; plan: Array<{ intent: string }> }>;
      };
      const sqlite = new Database(dbs[i]!, { readonly: true });
      try {
        const candidates = sqlite.prepare('SELECT origin, descriptions FROM optimizer_candidates').all() as Array<{ origin: string; descriptions: string }>;
        const seed = JSON.parse(candidates.find((c) => c.origin === 'seed')!.descriptions) as Record<string, string>;
        // a plural the suite's requests or the seed's descriptions use is a word of the domain, not a cut
        const plain = new Set(
          [...yaml.tasks.flatMap((t) => [t.prompt, ...t.plan.map((s) => s.intent)]), ...Object.values(seed)]
            .join(' ')
            .toLowerCase()
            .match(/\p{L}+/gu) ?? [],
        );
        const written: Array<[string, string]> = candidates
          .filter((c) => c.origin !== 'seed')
          .flatMap((c) => Object.entries(JSON.parse(c.descriptions) as Record<string, string>));
        accepted += candidates.length - 1;
        const proposals = sqlite.prepare("SELECT proposal FROM optimizer_proposals WHERE kind = 'mutation'").all() as Array<{ proposal: string }>;
        for (const p of proposals)
          for (const [tool, proposal] of Object.entries(JSON.parse(p.proposal) as Record<string, { ok: boolean; text?: string }>))
            if (proposal.ok && proposal.text !== undefined) written.push([tool, proposal.text]);
        for (const [tool, text] of written) {
          found.push(...problems(suite, tool, text, seed, plain));
          pointers += sentences(text).filter((s) => pairs(s).length > 0 && !(seed[tool] ?? '').includes(s)).length;
        }
      } finally {
        sqlite.close();
      }
    }
    expect(found).toEqual([]);
    // the searches accepted candidates and wrote sentences of both forms to check: the test can fail
    expect(accepted).toBeGreaterThan(0);
    expect(pointers).toBeGreaterThan(0);
  });

  it('the checks catch the sentences issue 51 found', () => {
    const seed = { add_issue_comment: '', create_pull_request_review: '', create_issue: '', update_pull_request_branch: '' };
    const plain = new Set<string>();
    const text = (s: string) => problems('github', 'create_issue', `Create an issue. ${s}`, seed, plain).map((p) => p.problem);
    expect(text('It does not add issues; use add_issue_comment instead.')).toHaveLength(1);
    expect(text('It does not create pulls; use create_pull_request_review instead.').length).toBeGreaterThan(0);
    expect(text('Use it when asked to merge pulls or updates.')).toEqual([
      expect.stringMatching(/"pulls" is cut from/),
      expect.stringMatching(/"updates" is cut from update_pull_request_branch/),
    ]);
    expect(text('It does not add issue comments; use add_issue_comment instead.')).toEqual([]);
    expect(text('To update pull request branches, use update_pull_request_branch instead.')).toEqual([]);
  });
});
