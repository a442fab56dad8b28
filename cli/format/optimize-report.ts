// The optimize report (optimizer/search/report/optimize-report.ts) as `tdo optimize` prints it: the text a person reads,
// and the snake_case JSON of --json.
import { resolveSuitePath } from '../../src/index.ts';
import { conditionLabel, type RunSpend } from '../../traces/index.ts';
import {
  describeProposer,
  describeSkipped,
  isSimulatedProposerId,
  PERFECT,
  SOLVED_EPISODES_IN_A_ROW,
  TRAIN_SOLVED,
  type CandidateSummary,
  type OptimizeReport,
  RECURRING_TASKS,
  type SplitScores,
} from '../../optimizer/index.ts';
import { changeWithInterval, percent, points, SHIPPED_SUITES_DIR } from '../../experiments/index.ts';
import { counted, minDetectableChange, proseList, wilson, type SuiteCheck } from '../../src/index.ts';
import { describeAgent, isSimulatedAgentId } from '../../src/index.ts';
import { dbFlag } from '../database-path.ts';
import { agentsHeader, agentsJson, agentsTable, anySimulated } from './optimize-agents.ts';
import { heldOutChanges, splitJson } from './optimize-intervals.ts';
import { proposalOutcomesJson, proposalOutcomesLine } from './proposal-outcomes.ts';
import { fidelityVerdict, heldOutPowerLines } from './suite-check.ts';
import { wordingHalvesJson, wordingHalvesLines } from './wording-halves.ts';
import { spendLine, type SpendParts } from './spend.ts';
import { capFlag } from './run-report.ts';

/** The command that continues an optimize run recorded in the database at dbPath, run from here. */
export function resumeCommand(runId: string, dbPath: string): string {
  return `tdo optimize --resume ${runId}${dbFlag(dbPath)}`;
}

function candidateJson(c: CandidateSummary) {
  const headline = c.test ?? c.val;
  return {
    candidate: c.candidate,
    // held-out test split when the suite has one, else validation
    split: c.test ? 'test' : 'val',
    success_rate: headline.success.rate ?? 0,
    first_choice_share: headline.firstChoiceShare,
    used_server: headline.usedServer,
    score: headline.score,
    tokens: c.tokens,
    val: splitJson(c.val),
    test: splitJson(c.test),
    // only when the suite has a paraphrase split (and the run finished)
    ...(c.paraphrase ? { paraphrase: splitJson(c.paraphrase) } : {}),
    descriptions: c.descriptions,
  };
}

export function reportJson(r: OptimizeReport, dbPath: string) {
  return {
    run_id: r.runId,
    status: r.status,
    version_id: r.versionId,
    seed_version_id: r.seedVersionId,
    suite: r.suite,
    server: r.server,
    conditions: r.conditions,
    target: r.target,
    agent: r.agent,
    proposer: r.proposer,
    simulated: agentSimulated(r) || isSimulatedProposerId(r.proposer),
    budget: r.budget,
    budget_used: r.budgetUsed,
    report_calls: r.reportCalls,
    ...(r.seed.paraphrase ? { paraphrase_calls: r.paraphraseCalls } : {}),
    stop_reason: r.stopReason,
    iterations: r.iterations,
    pool_size: r.poolSize,
    proposals: r.proposals,
    honesty_gate: r.honestyGate.on,
    gate_rejected: r.honestyGate.rejected,
    gate_rejected_by_rule: r.honestyGate.byRule,
    // only when the search had a token budget: within false says no candidate within it was found
    ...(r.tokenBudget
      ? {
          token_budget: {
            tool: r.tokenBudget.tool,
            catalogue: r.tokenBudget.catalogue,
            within: r.tokenBudget.bestWithin,
            refused: r.tokenBudget.refused,
            refused_by_rule: r.tokenBudget.byRule,
          },
        }
      : {}),
    ...(r.paretoTokens ? { pareto_tokens: true } : {}),
    proposal_outcomes: proposalOutcomesJson(r),
    seed: candidateJson(r.seed),
    best: candidateJson(r.best),
    // best - seed on each held-out split: delta with its 95% Newcombe interval
    success_change: heldOutChanges(r.seed, r.best),
    token_delta: r.best.tokens - r.seed.tokens,
    added_words: addedWordsJson(r),
    ...(r.wordingHalves === undefined ? {} : { wording_halves: wordingHalvesJson(r.wordingHalves) }),
    seed_data:
      r.seedData === null
        ? null
        : {
            episodes: r.seedData.episodes,
            other_agent: r.seedData.otherAgent,
            skipped: r.seedData.skipped.length,
            skipped_why: describeSkipped(r.seedData.skipped),
          },
    ...(r.perAgent ? { per_agent: agentsJson(r.perAgent) } : {}),
    db: dbPath,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Below this many validation episodes a perfect score's 95% interval reaches below 72%. */
const FEW_VAL_EPISODES = 10;

/** Why an early stop kept the rest of the budget, and what the suite needs for the search to go on. */
function stopNote(r: OptimizeReport): string {
  if (r.stopReason === PERFECT) return perfectNote(r);
  if (r.stopReason === TRAIN_SOLVED)
    return ` (every train task succeeded, at least ${SOLVED_EPISODES_IN_A_ROW} train episodes in a row; the proposer learns only from failed train tasks, so the rest of the budget was kept${r.best.val.score < 1 ? `; the best candidate scores ${percent(r.best.val.score)} on val: add train tasks like the val tasks it fails` : ''})`;
  return '';
}

function perfectNote(r: OptimizeReport): string {
  const episodes = r.best.val.success.n;
  const few =
    episodes < FEW_VAL_EPISODES
      ? `; on ${episodes} episodes a perfect score proves little (its 95% interval reaches down to ${percent(wilson(episodes, episodes).low, 0)}): add val tasks to the suite`
      : '';
  return ` (the best candidate scored 1 on every validation task; nothing could beat it, so the rest of the budget was kept${few})`;
}

/** "72.7% [52%, 87%]" padded to the column: the rate with its Wilson interval, as `tdo experiment` gives it. */
const SUCCESS_WIDTH = 19;
const successCell = (scores: SplitScores) => {
  const p = scores.success;
  // the rate right-aligned, so rates line up down the column whatever their interval
  return (p.rate === null ? '–' : `${pct(p.rate).padStart(6)} [${percent(p.low, 0)}, ${percent(p.high, 0)}]`).padEnd(SUCCESS_WIDTH);
};

/** The winner's change in success on the held-out splits, with Newcombe's interval; none when the seed won. */
function changeLine(r: OptimizeReport): string[] {
  if (r.versionId === r.seedVersionId) return [];
  const changes = Object.entries(heldOutChanges(r.seed, r.best)).map(([split, c]) => `    ${split.padEnd(10)}  ${changeWithInterval(c)}`);
  return changes.length === 0
    ? []
    : [
        '  best against seed, success on the splits the search never saw (95% intervals):',
        ...changes,
        ...heldOutPowerLines(r.seed, r.best),
        ...wordingHalvesLines(r.wordingHalves, r.server),
      ];
}

/**
 * The summary a person reads; `suiteCheck` is the check printed before the episodes (absent on a resume), whose
 * verdict the summary repeats and whose counts say why a seed was not beaten.
 */
export function renderReport(r: OptimizeReport, dbPath: string, spend: { spend: RunSpend; simulated: SpendParts }, suiteCheck?: SuiteCheck): string {
  const ending = r.versionId === null ? [stoppedLine(r, dbPath)] : winnerLines(r, r.versionId, dbPath, suiteCheck);
  const verdict = suiteCheck?.fidelity == null ? [] : [`suite check: ${lowerFirst(fidelityVerdict(suiteCheck.fidelity))}`];
  return `${[...headLines(r, spend), ...verdict, ...scoreLines(r), ...ending].join('\n')}\n`;
}

/** A search stopped before its result: by Ctrl-C, or at a cap that a raised one lets it pass. */
function stoppedLine(r: OptimizeReport, dbPath: string): string {
  const cap = r.stopReason === 'cost cap' || r.stopReason === 'token cap' ? r.stopReason : undefined;
  return cap === undefined
    ? `interrupted: continue with \`${resumeCommand(r.runId, dbPath)}\``
    : `stopped at the ${cap}, everything so far recorded: raise it and continue with \`${resumeCommand(r.runId, dbPath)} ${capFlag(cap)} N\``;
}

/** What ran: the run, its agents and proposer, what it spent and why it stopped, the gate and the proposals. */
function headLines(r: OptimizeReport, spend: { spend: RunSpend; simulated: SpendParts }): string[] {
  const simulated = [agentSimulated(r) ? (r.perAgent ? 'agents' : 'agent') : '', isSimulatedProposerId(r.proposer) ? 'proposer' : ''].filter(Boolean);
  const proposer = `proposer ${describeProposer(r.proposer)}`;
  return [
    `optimize run ${r.runId} (${r.status})  suite ${r.suite}  server ${r.server}  target ${r.target}`,
    ...(Object.keys(r.conditions).length > 0 ? [`conditions ${conditionLabel(r.conditions)}`] : []),
    ...(r.seedData === null ? [] : [seedDataLine(r.seedData)]),
    ...(r.perAgent ? [...agentsHeader(r.perAgent), proposer] : [`agent ${describeAgent(r.agent)}  ${proposer}`]),
    ...(simulated.length > 0 ? [`note: simulated ${simulated.join(' and ')}; these numbers are not LLM results`] : []),
    `budget ${r.budgetUsed}/${r.budget} metric calls (+${r.reportCalls} for the test report${r.seed.paraphrase ? `, +${r.paraphraseCalls} for the paraphrase report` : ''}), ${r.iterations} iteration${r.iterations === 1 ? '' : 's'}, ${r.proposals.accepted}/${r.proposals.made} proposals accepted, pool ${r.poolSize}; stopped: ${r.stopReason}${stopNote(r)}`,
    spendLine(spend.spend, spend.simulated),
    gateLine(r),
    ...budgetLine(r),
    ...proposalOutcomesLine(r),
  ];
}

/** Seed and best on each split, the change on the held-out ones, and what the winner added. */
function scoreLines(r: OptimizeReport): string[] {
  // found@k is a column only when the search ran under deferred tool loading (docs/tool-search.md)
  const deferred = r.seed.val.foundAtK !== undefined;
  const found = (scores: SplitScores) => (deferred ? `  ${(scores.foundAtK === undefined ? '–' : pct(scores.foundAtK)).padStart(8)}` : '');
  const rows = (label: string, s: CandidateSummary) =>
    (
      [
        ['val', s.val],
        ['test', s.test],
        ['paraphrase', s.paraphrase],
      ] as const
    ).flatMap(([split, scores], i) =>
      scores === null
        ? []
        : [
            `  ${(i === 0 ? label : '').padEnd(5)} ${split.padEnd(10)} ${successCell(scores)}  ${pct(scores.firstChoiceShare).padStart(18)}  ${pct(scores.usedServer).padStart(11)}${found(scores)}${i === 0 ? `  ${String(s.tokens).padStart(6)}` : ''}`,
          ],
    );
  return [
    `  ${''.padEnd(16)} ${'success [95% CI]'.padEnd(SUCCESS_WIDTH)}  ${'first-choice share'.padStart(18)}  ${'used server'.padStart(11)}${deferred ? `  ${'found@k'.padStart(8)}` : ''}  ${'tokens'.padStart(6)}   shares of ${r.server}${r.perAgent ? ', over every (task, agent) pair' : ''}`,
    ...rows('seed', r.seed),
    ...rows('best', r.best),
    ...changeLine(r),
    `  token delta ${r.best.tokens - r.seed.tokens >= 0 ? '+' : ''}${r.best.tokens - r.seed.tokens}${r.paretoTokens ? ' (tokens weighed beside the score: --pareto-tokens)' : ''}`,
    ...addedWordsLine(r),
    ...(r.perAgent ? agentsTable(r.perAgent, r.target) : []),
  ];
}

/** The saved versions, the winner's descriptions, and the commands to take it further. */
function winnerLines(r: OptimizeReport, versionId: string, dbPath: string, suiteCheck: SuiteCheck | undefined): string[] {
  const suite = suiteArgument(r);
  const db = dbFlag(dbPath);
  const seedWon = versionId === r.seedVersionId;
  return [
    r.tokenBudget?.bestWithin === false
      ? `no candidate within the token budget was found: the seed ${versionId} is over it (${r.seed.tokens} tokens) and stays the best version, which is not within the budget`
      : seedWon
        ? `no candidate beat the seed on validation; the best version is the seed ${versionId}`
        : `versions: seed ${r.seedVersionId} -> best ${versionId} (saved in ${dbPath})`,
    ...(seedWon ? unbeatenSeedLines(r, suiteCheck) : []),
    'best descriptions:',
    ...Object.entries(r.best.descriptions).map(([tool, text]) => `  ${tool}: ${text}`),
    'next:',
    ...(seedWon
      ? unbeatenSeedNext(r, suiteCheck)
      : [
          `  \`tdo diff ${r.seedVersionId} ${versionId}${db}\`   what changed, lint flags gained and lost`,
          `  \`tdo experiment --suite ${suite} --version ${r.seedVersionId},${versionId}${db}\`   both on the test split, with intervals`,
        ]),
    `  \`tdo run --suite ${suite} --version ${versionId}${db}\`   run the suite with it`,
    ...(r.perAgent
      ? r.perAgent.agents.map((a) => `  \`tdo traces list --run ${a.runId}${db}\`   the search's episodes of ${a.agent}`)
      : [`  \`tdo traces list --run ${r.runId}${db}\`   the search's episodes`]),
  ];
}

/** Why no candidate beat the seed, from what the suite check and the validation split show. */
export function unbeatenSeedLines(r: OptimizeReport, check: SuiteCheck | undefined): string[] {
  const fewTrain = fewTrainTools(r, check);
  const seedVal = r.seed.val.success.rate;
  const reach = seedVal === null ? null : minDetectableChange(r.seed.val.success.n, seedVal);
  const reasons = [
    reach === null
      ? `the val split's ${counted(r.seed.val.success.n, 'episode')} cannot show a rise from the seed's ${percent(seedVal ?? 0)}: a candidate can win only by luck`
      : `the val split's ${counted(r.seed.val.success.n, 'episode')} show only a rise of ${points(reach)} or more from the seed's ${percent(seedVal!)} with 80% power`,
    fewTrain.length === 0
      ? ''
      : `${proseList(fewTrain.map((t) => `${t.name} (${t.steps.train})`))} ${fewTrain.length === 1 ? 'has' : 'have'} fewer than 2 labelled train steps to learn from`,
    check?.fidelity == null || check.fidelity.gated === 0
      ? ''
      : `for ${counted(check.fidelity.gated, 'labelled step')} the sim sinks every labelled tool by its name, whatever its description says`,
    check?.fidelity?.poor === true ? `the sim reads this suite's tools poorly (${percent(check.fidelity.share)} of labelled steps chosen right)` : '',
  ].filter((line) => line !== '');
  return ['why the seed was not beaten:', ...reasons.map((line) => `  ${line}`)];
}

/** The server's tools with fewer train steps than a search learns a job from (the suite check counts them). */
function fewTrainTools(r: OptimizeReport, check: SuiteCheck | undefined) {
  return (check?.tools ?? []).filter((t) => t.server === r.server && t.steps.train < RECURRING_TASKS && t.steps.val + t.steps.test > 0);
}

/** What to try next when the seed stayed the best. */
export function unbeatenSeedNext(r: OptimizeReport, check: SuiteCheck | undefined): string[] {
  const few = fewTrainTools(r, check);
  return [
    ...(few.length === 0 ? [] : [`  add train tasks for ${proseList(few.map((t) => t.name))}, then search again`]),
    `  \`tdo optimize --suite ${suiteArgument(r)} --server ${r.server} --target ${r.target} --budget ${r.budget * 2}\`   a new search with twice the budget`,
    ...(isSimulatedProposerId(r.proposer) ? ['  `--proposer llm --model NAME`   a model proposes, with OPENAI_BASE_URL and OPENAI_API_KEY set'] : []),
    ...(check?.fidelity?.poor === true ? ['  `--agent llm --model NAME`   measure with a model instead of the sim'] : []),
  ];
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Whether the search's agent, or any of its agents, is simulated. */
function agentSimulated(r: OptimizeReport): boolean {
  return r.perAgent ? anySimulated(r.perAgent) : isSimulatedAgentId(r.agent);
}

function addedWordsJson(r: OptimizeReport) {
  const w = r.addedWords;
  return { count: w.added.length, train_only: w.trainOnly, train_only_share: w.added.length === 0 ? 0 : w.trainOnly.length / w.added.length };
}

function addedWordsLine(r: OptimizeReport): string[] {
  const w = addedWordsJson(r);
  if (w.count === 0) return [];
  const only = w.train_only.length === 0 ? '' : `: ${w.train_only.join(', ')}`;
  return [`  words added ${w.count} (stemmed), ${w.train_only.length} (${pct(w.train_only_share)}) found only in train tasks${only}`];
}

function gateLine(r: OptimizeReport): string {
  const { on, rejected, byRule } = r.honestyGate;
  if (!on)
    return `honesty gate off${r.target === 'selection' ? ' (default under --target selection; --gate turns it on)' : ' (--allow-flags)'}: candidates that gain lint warnings or errors were run like any other`;
  const rules = Object.entries(byRule)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  if (rejected === 0) return 'honesty gate on (--allow-flags turns it off): no proposed description gained a lint warning or error';
  return `honesty gate on (--allow-flags turns it off): ${rejected} proposed description${rejected === 1 ? '' : 's'} refused before being run for gaining a lint warning or error, the parent's text kept${rules === '' ? '' : ` (${rules})`}`;
}

/** The token budget the gate enforced and what it refused; none without a budget. */
function budgetLine(r: OptimizeReport): string[] {
  const b = r.tokenBudget;
  if (b === undefined) return [];
  const limits = [b.tool === null ? '' : `${b.tool} tokens a tool`, b.catalogue === null ? '' : `${b.catalogue} tokens for the server's descriptions`]
    .filter(Boolean)
    .join(' and ');
  const rules = Object.entries(b.byRule)
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  return [
    `token budget at most ${limits}: ${b.refused} proposed description${b.refused === 1 ? '' : 's'} refused before being run for going over it${rules === '' ? '' : ` (${rules})`}`,
  ];
}

function seedDataLine(data: NonNullable<OptimizeReport['seedData']>): string {
  const skipped = data.skipped.length === 0 ? '' : `; ${data.skipped.length} not used (${describeSkipped(data.skipped)})`;
  const scored =
    data.otherAgent === 0 ? 'instead of running it' : `(${data.otherAgent} recorded by another agent: the seed was run on those tasks for its scores)`;
  return `the seed's first reflections read ${data.episodes} recorded episodes ${scored}${skipped}`;
}

/** The suite as `--suite` takes it: a shipped suite by name, any other by its file's path. */
function suiteArgument(r: OptimizeReport): string {
  try {
    return resolveSuitePath(r.suite, { shippedSuites: SHIPPED_SUITES_DIR }) === r.suitePath ? r.suite : r.suitePath;
  } catch {
    return r.suitePath;
  }
}
