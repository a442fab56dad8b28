// The suite check (src/suite-check/suite-check.ts) as `tdo optimize` and `tdo run` print it before their
// episodes, and as their --json gives it; and the optimize summary's word on a held-out change too small for its split.
import { percent, points } from '../../experiments/index.ts';
import { RECURRING_TASKS, type CandidateSummary } from '../../optimizer/index.ts';
import { counted, proseList, SPLITS } from '../../src/index.ts';
import { episodesToDetect, minDetectableChange, POWER, SIGNIFICANCE } from '../../src/index.ts';
import type { SuiteCheck, ToolSteps } from '../../src/index.ts';
import { HELD_OUT } from './optimize-intervals.ts';
import { wordingJson, wordingLines } from './wording.ts';

export function suiteCheckJson(check: SuiteCheck) {
  const mdc = check.minDetectableChange;
  return {
    fidelity: check.fidelity === null ? null : (({ namesOnly, ...rest }) => ({ ...rest, names_only: namesOnly }))(check.fidelity),
    min_detectable_change: mdc.change,
    min_detectable_change_basis: { split: 'test', episodes: mdc.episodes, assumed_baseline: mdc.baseline, significance: mdc.significance, power: mdc.power },
    selection: check.selection,
    tools: check.tools.map((t) => ({ name: t.name, server: t.server, labelled_steps: t.steps, sim_chosen_right: t.simChosenRight })),
    ...(check.wording === undefined ? {} : { wording: wordingJson(check.wording) }),
  };
}

/**
 * The block printed before the episodes: the tools of `server` (every tool when none), the test split's reach, the
 * sim's reading; for a search (`search`), which tools no train task covers and, under --target selection, its rivals.
 */
export function renderSuiteCheck(check: SuiteCheck, { server, search }: { server?: string | undefined; search?: { selection: boolean } }): string {
  const tools = check.tools.filter((t) => server === undefined || t.server === server);
  return [
    'suite check (before any episode is run):',
    ...stepLines(tools, server, search !== undefined),
    `  ${powerSentence(check.minDetectableChange)}`,
    ...(search?.selection === true && check.selection !== null ? [`  ${selectionSentence(check.selection)}`] : []),
    ...(check.fidelity === null ? [] : fidelityLines(check.fidelity, tools)),
    ...(check.wording === undefined ? [] : wordingLines(check.wording)),
    '',
  ].join('\n');
}

function stepLines(tools: readonly ToolSteps[], server: string | undefined, search: boolean): string[] {
  const counts = tools.map((t) => `${t.name} ${SPLITS.map((s) => t.steps[s]).join('/')}`).join(', ');
  const total = (t: ToolSteps) => SPLITS.reduce((n, s) => n + t.steps[s], 0);
  const untested = tools.filter((t) => total(t) === 0).map((t) => t.name);
  const fewTrain = search ? tools.filter((t) => total(t) > 0 && t.steps.train < RECURRING_TASKS) : [];
  const have = (names: readonly string[]) => `${proseList(names)} ${names.length === 1 ? 'has' : 'have'}`;
  return [
    `  Labelled plan steps per tool${server === undefined ? '' : ` of ${server}`} (${SPLITS.join('/')}): ${counts}.`,
    ...(untested.length === 0 ? [] : [`  ${have(untested)} no labelled step: the suite never asks for ${untested.length === 1 ? 'it' : 'them'}.`]),
    ...(fewTrain.length === 0 ? [] : [`  ${fewTrainSentence(fewTrain)}`]),
  ];
}

/** Tools with fewer train steps than a search needs to learn what a tool is for from more than one request. */
function fewTrainSentence(tools: readonly ToolSteps[]): string {
  const one = tools.length === 1;
  const counts = one ? '' : ` (${tools.map((t) => `${t.name} ${t.steps.train}`).join(', ')})`;
  const subject = one
    ? `${tools[0]!.name} has ${counted(tools[0]!.steps.train, 'labelled train step')}`
    : `${proseList(tools.map((t) => t.name))} have fewer than ${RECURRING_TASKS} labelled train steps${counts}`;
  return `${subject}: too few for the search to learn what ${one ? 'it is' : 'they are'} for from more than one request (the sim proposer names only jobs that come up in ${RECURRING_TASKS} train tasks or more). Add train tasks for ${one ? 'it' : 'them'}.`;
}

function powerSentence(mdc: SuiteCheck['minDetectableChange']): string {
  const how = `(two-proportion test, ${percent(mdc.power, 0)} power, two-sided ${percent(mdc.significance, 0)}, from an assumed ${percent(mdc.baseline, 0)} success)`;
  if (mdc.episodes === 0) return 'The suite has no test tasks, so no change in held-out success can be shown.';
  if (mdc.change === null) return `The test split's ${mdc.episodes} episodes cannot show any rise in success ${how}: even 100% would be within their noise.`;
  return `The test split's ${mdc.episodes} episodes can show a rise in success of ${(mdc.change * 100).toFixed(1)} points or more ${how}; a smaller change is within their noise.`;
}

function selectionSentence(selection: NonNullable<SuiteCheck['selection']>): string {
  return `--target selection scores the first choices that go to ${selection.server} rather than to ${proseList(selection.competitors)}.`;
}

function fidelityLines(f: NonNullable<SuiteCheck['fidelity']>, tools: readonly ToolSteps[]): string[] {
  const gated = f.gated === 0 ? [] : [`  ${gatedSentence(f.gated)}`];
  if (!f.poor) return [`  ${fidelityVerdict(f)} ${descriptionsSentence(f)}`, ...gated];
  return [
    `  ${fidelityVerdict(f)}`,
    `  ${descriptionsSentence(f)}${worstRead(tools)}`,
    ...gated,
    '  To measure with a model, run with --agent llm --model NAME, with OPENAI_BASE_URL and OPENAI_API_KEY set for an OpenAI-compatible endpoint.',
  ];
}

/** The sim's share of labelled steps chosen right against the bar real data sets, and what it means: the check's verdict. */
export function fidelityVerdict(f: NonNullable<SuiteCheck['fidelity']>): string {
  const measured = `With the current descriptions the ${f.agent} agent chooses a labelled tool for ${percent(f.share)} of the suite's ${f.steps} labelled steps`;
  const bar = `the ${percent(f.threshold, 0)} it stays above on real tool-selection data (BFCL, ToolE)`;
  return f.poor
    ? `${measured}, below ${bar}: the sim reads this suite's tools poorly, so its results here say little about how models would choose.`
    : `${measured}, at or above ${bar}.`;
}

function gatedSentence(gated: number): string {
  return `For ${counted(gated, 'labelled step')} every labelled tool is named for an action the request does not ask for (a request to read labelled with a tool named for writing, or the reverse): no description wins ${gated === 1 ? 'it' : 'them'} with the sim. Check those labels.`;
}

/** What the descriptions add to the reading against the tools' names alone: weak descriptions, or a weak reader. */
function descriptionsSentence(f: NonNullable<SuiteCheck['fidelity']>): string {
  const change = f.share - f.namesOnly;
  const alone = `With the tools' names alone it chooses right for ${percent(f.namesOnly)}`;
  if (change <= -DESCRIPTIONS_MATTER) return `${alone}: the descriptions mislead it, which is what a search can mend.`;
  const still = f.poor ? ', and what it still misses it reads poorly even with them' : '';
  if (change >= DESCRIPTIONS_MATTER) return `${alone}: the descriptions help it, by ${points(change)}${still}.`;
  return `${alone}: the descriptions add little to what the names say, so descriptions that say more may help it, which is what a search looks for.`;
}

/** A change in the share smaller than this is read as the descriptions changing nothing. */
const DESCRIPTIONS_MATTER = 0.03;
/** How many of the worst-read tools the check names. */
const WORST_READ = 3;

function worstRead(tools: readonly ToolSteps[]): string {
  const read = tools.filter((t) => t.simChosenRight !== null).sort((a, b) => a.simChosenRight! - b.simChosenRight!);
  if (read.length === 0) return '';
  return ` It reads these tools worst: ${read
    .slice(0, WORST_READ)
    .map((t) => `${t.name} ${percent(t.simChosenRight!)}`)
    .join(', ')}.`;
}

/**
 * For each held-out split where the winner's change in success is smaller than the split can show against the
 * seed's own rate there (the same test as the suite check), a sentence saying so and how many episodes would show it.
 */
export function heldOutPowerLines(seed: CandidateSummary, best: CandidateSummary): string[] {
  return HELD_OUT.flatMap((split) => {
    const [before, after] = [seed[split], best[split]];
    if (before === null || after === null || before.success.n === 0 || after.success.n === 0) return [];
    const baseline = before.success.rate!;
    const change = after.success.rate! - baseline;
    const needed = minDetectableChange(before.success.n, baseline, change < 0 ? 'fall' : 'rise');
    if (needed !== null && Math.abs(change) >= needed) return [];
    const reach =
      needed === null
        ? `its ${before.success.n} episodes cannot show any ${change < 0 ? 'fall' : 'rise'} from the seed's ${percent(baseline)}`
        : `its ${before.success.n} episodes show only changes of ${(needed * 100).toFixed(1)} points or more from the seed's ${percent(baseline)}`;
    const more =
      change === 0
        ? ''
        : ` About ${episodesToDetect(baseline, change)} episodes per version would show a change this large (\`tdo experiment --repeat ${Math.ceil(episodesToDetect(baseline, change) / before.success.n)}\`).`;
    return [
      `  ${split}: the change of ${points(change)} is within the split's noise: ${reach} (${percent(POWER, 0)} power, two-sided ${percent(SIGNIFICANCE, 0)}).${more}`,
    ];
  });
}
