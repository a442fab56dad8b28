import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_PARAMS, resolveSimParams, type SimParams } from '../../../../src/agents/sim/params.ts';
import { rankTools } from '../../../../src/agents/sim/rank.ts';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';
import { episodeSeed } from '../../../../src/run/seeds.ts';
import { CRUD_SUITES, readCrudSuite, type CrudSuite } from './crud-suites.ts';

/**
 * Third-party CRUD-style servers' selection suites without the servers (crud-suites.ts), ranked for each task's
 * intent as `tdo run` ranks them, with the server's own descriptions and with the careful ones.
 */
const RUN_SEEDS = 20;
const NOISE_FREE = resolveSimParams({ temperature: 0 });

interface CrudCheck extends CrudSuite {
  /** Whether the sim reaches the 80% target with the server's own descriptions (else the test is `it.fails`). */
  reachesTarget: boolean;
  /** Whether the careful descriptions beat the server's own by more than 0.1 (else the test is `it.fails`); default true. */
  carefulGainReached?: boolean;
}

interface Shares {
  seeds: number;
  noiseFree: number;
}

function measure(spec: CrudSuite) {
  const { tasks, own, careful, ...names } = readCrudSuite(spec);
  // The share of (run seed, task) pairs whose top-ranked tool is a labelled one.
  const labelledShare = (tools: CatalogueTool[], params: SimParams, seeds: number): number => {
    let right = 0;
    for (let seed = 0; seed < seeds; seed++)
      for (const task of tasks) {
        const step = task.plan[0]!;
        if (step.tools.includes(rankTools(step.intent, tools, stepRng(episodeSeed(seed, task.id, 0), 0), params)[0]!.name)) right++;
      }
    return right / (seeds * tasks.length);
  };
  const shares = (tools: CatalogueTool[]): Shares => ({
    seeds: labelledShare(tools, DEFAULT_SIM_PARAMS, RUN_SEEDS),
    noiseFree: labelledShare(tools, NOISE_FREE, 1),
  });
  return { ...names, tasks, own: shares(own), careful: shares(careful) };
}

function describeCrudSuite(spec: CrudCheck, title: string): void {
  describe(`sim on ${title} (${spec.suite} suite)`, () => {
    const m = measure(spec);
    const show = (s: Shares) => `${s.seeds.toFixed(3)} (noise-free ${s.noiseFree.toFixed(3)})`;

    it('has careful descriptions for every tool, and at least 3 tasks per tool', () => {
      expect([...m.carefulNames].sort()).toEqual([...m.toolNames].sort());
      for (const tool of m.toolNames) expect(m.tasks.filter((t) => t.plan[0]!.tools.includes(tool)).length, tool).toBeGreaterThanOrEqual(3);
    });

    (spec.carefulGainReached === false ? it.fails : it)("chooses the labelled tool more often with the careful descriptions than with the server's own", () => {
      console.log(`${spec.suite}, labelled tool chosen over run seeds 0-${RUN_SEEDS - 1}: server's descriptions ${show(m.own)}, careful ${show(m.careful)}`);
      expect(m.careful.seeds).toBeGreaterThan(m.own.seeds + 0.1);
    });

    (spec.reachesTarget ? it : it.fails)("chooses the labelled tool for at least 80% of the steps with the server's own descriptions", () => {
      expect(m.own.seeds).toBeGreaterThanOrEqual(0.8);
    });
  });
}

// No setting of the meaning parameters reads these suites much better (crud-landscape.ts: action weight 0-14,
// semantic weight 10-20, name weight 2-3, WordNet senses 1-8 raise no suite's expected share by more than 0.04, and
// each costs the calibration data): the knowledge is missing, not mis-weighted. WordNet's hypernyms relate neither
// drop, forget nor get rid of to delete (Wu-Palmer 0 over 8 senses), and the calibration data's 745 BFCL functions
// hold 5 delete and 1 rename names against 60 find and 36 search, too few to learn a verb mapping from.
// Target not reached: 0.551 over run seeds 0-19 before the action channel, 0.559 with it (careful 0.745). The
// semantic channel's GloVe closeness ("drop" and "need" near "get") outweighs the action channel, and WordNet's
// frequent senses do not relate drop, forget, rename or tick off to delete, update or mark (Wu-Palmer 0).
// Where the misses come from (crud-misses.ts, noise-free, server's descriptions): the semantic channel decides 51
// of the 73 (taskmanager 15 of 16, sqlite 21 of 28, filesystem-edit 15 of 29), the action channel 14, BM25 5. The
// GloVe vectors relate a request's topic words to a rival's name word ("orders", "week", "product" ~ drop;
// "folder" ~ files more than ~ directory). Measured and not kept, each against the calibration mean (0.8551) and
// the own-description expected shares (taskmanager 0.568, sqlite 0.315, filesystem-edit 0.332): the catalogue's
// IDF on the semantic channel's tool words (0.8563, live_multiple 0.861 -> 0.874, ToolE 0.720 -> 0.712; 0.566,
// 0.272, 0.341), name verbs left to the action channel (0.8503; 0.514, 0.321, 0.362), intent verbs too (0.8398;
// 0.490, 0.327, 0.341), the vectors' mean and top component removed (Mu & Viswanath 2018: 0.8502; 0.586, 0.336,
// 0.342), semantic exponent 5 (0.8420; 0.575, 0.317, 0.334). The offline thesauri on Debian and npm add nothing:
// mythes-en-us and npm's thesaurus are WordNet-derived, and Aiksaurus (Moby-based, GPL-2+) links delete to
// neither remove nor drop.
// The action class gate (src/agents/sim/action-class.ts, issue 51) reads each tool's class off its name, and so
// reads the server's own descriptions better as much as the careful ones: the careful descriptions' gain fell,
// on taskmanager below 0.1 (0.186 -> 0.088). Reading "To X use Y" and "prefer Y" as pointers to another tool
// (src/text/limits.ts) cuts those sentences out of what the careful descriptions claim, and brought the careful
// figures to taskmanager 0.815, sqlite 0.646, filesystem-edit 0.603, git 0.354 (the servers' own unchanged): the
// careful gain on taskmanager is above 0.1 again. filesystem-edit's rose to 0.631 once "everything below it" and
// "which should be used instead" were no longer read as claims (src/text/cues.ts).
// `it.fails` turns red, to be flipped, once the sim reaches it.
// Target not reached: 0.655 with the action class gate (careful 0.743, 0.815 with the pointers read).
describeCrudSuite({ ...CRUD_SUITES.taskmanager, reachesTarget: false }, '@kazuph/mcp-taskmanager');
// Target not reached: 0.246 over run seeds 0-19 before the action channel, 0.316 with it (careful 0.470): "table" in nearly every
// request pulls the choice to create-table and drop-table (20 of the 28 noise-free misses; semantic 21, action 7),
// whose descriptions are a few words around "table". With the action class gate: 0.449 (careful 0.615).
describeCrudSuite({ ...CRUD_SUITES.sqlite, reachesTarget: false }, 'mcp-server-sqlite');
// Target not reached: 0.339 over run seeds 0-19 before the action channel, 0.330 with it (careful 0.539): the misses are spread over
// the tools; "folder" requests go to file tools (read_multiple_files, read_text_file) rather than
// create_directory or list_directory, and "change" or "changed" to edit_file. With the action class gate: 0.459
// (careful 0.616).
describeCrudSuite({ ...CRUD_SUITES['filesystem-edit'], reachesTarget: false }, "@modelcontextprotocol/server-filesystem's writing and reading tools");
// The suites below were written and committed before any sim run read them (issue 51); on each, neither target is
// reached, and except on playwright the careful descriptions gain less than 0.1 over the server's own.
// Target not reached: 0.246 over run seeds 0-19 (careful 0.324), 0.279 with the action class gate (careful 0.344): any request that names a commit ("what did
// commit 3f2a1bc change", "the last 10 commits", "uncommitted changes") goes to git_commit (32 of the 87
// noise-free misses), and git_branch takes 13, most of them requests that mention a branch, meant for checkout, merge,
// pull or push.
describeCrudSuite({ ...CRUD_SUITES.git, reachesTarget: false, carefulGainReached: false }, '@cyanheads/git-mcp-server');
// Target not reached: 0.565 over run seeds 0-19 (careful 0.645): browser_find and browser_run_code_unsafe take 9
// noise-free misses each, most of them requests to act on the page (type, go back, close a dialog, press a key).
// With the action class gate: 0.547 (careful 0.662), a careful gain above 0.1.
describeCrudSuite({ ...CRUD_SUITES.playwright, reachesTarget: false }, '@playwright/mcp');
// Target not reached: 0.299 over run seeds 0-19 (careful 0.333), 0.388 with the action class gate (careful 0.413): get_next_task takes 45 of the 106 noise-free
// misses ("task" in every request), and reads of a story or an epic go to create_ or update_story and _epic.
describeCrudSuite({ ...CRUD_SUITES.ohno, reachesTarget: false, carefulGainReached: false }, '@stevestomp/ohno-mcp');
// Target not reached: 0.505 over run seeds 0-19 (careful 0.561), 0.526 with the action class gate (careful 0.574): docker-containers takes 15 of the 47 noise-free
// misses (any request naming a container: its logs, removing, starting or stopping it), docker-publish 6 (mostly registry
// requests: pull, log in, log out).
describeCrudSuite({ ...CRUD_SUITES.docker, reachesTarget: false, carefulGainReached: false }, '@0xshariq/docker-mcp-server');
