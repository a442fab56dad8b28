// `tdo suite draft --from-run`: a suite drafted from recorded runs (recorded.ts), its tasks merged
// (tasks.ts) and spread over the splits (splits.ts), its servers as the runs started them (servers.ts), written
// as a file the author reviews (recorded-yaml.ts).
import { inputError } from '../../errors.ts';
import { unfilledFields } from '../../suite/scaffold.ts';
import { serverSpecSchema, taskSchema, type Split } from '../../suite/schema.ts';
import { counted } from '../../text/counted.ts';
import { draftSuiteObject, recordedDraftYaml, type DraftDocument } from './recorded-yaml.ts';
import { readRecordedRuns, type DraftStore, type RecordedRun } from './recorded.ts';
import { draftServers, type DraftServer } from './servers.ts';
import { countsPerTool, spreadOverSplits, toolsWithout, type SpreadTask, type ToolCounts } from './splits.ts';
import { draftTasks, labelOf, type Passed } from './tasks.ts';

export interface SuiteDraftPlan {
  runs: RecordedRun[];
  tasks: SpreadTask[];
  servers: DraftServer[];
  /** the server the tasks call most */
  target: string;
  systemPrompt?: string;
  /** episodes that gave a task, merged ones included */
  requests: number;
  merged: number;
  passed: Passed;
  counts: ToolCounts[];
  without: Record<Split, string[]>;
}

/** Everything the draft holds but its name and where it is written. */
export function planSuiteDraft(store: DraftStore, runIds: readonly string[]): SuiteDraftPlan {
  const runs = readRecordedRuns(store, runIds);
  for (const run of runs) refuseEmpty(run);
  const drafted = draftTasks(runs);
  const tasks = spreadOverSplits(drafted.tasks);
  const target = mostCalled(tasks);
  const serverNames = [...new Set(tasks.flatMap((t) => t.calls.map((c) => c.server)))];
  const listed = runs.flatMap((run) => [...run.listedTools].flatMap(([server, tools]) => tools.map((tool) => labelOf({ server, tool }))));
  const counts = countsPerTool(tasks, listed);
  const systemPrompt = runs.flatMap((run) => run.episodes).find((e) => e.systemPrompt !== undefined)?.systemPrompt;
  return {
    runs,
    tasks,
    servers: draftServers(serverNames, runs),
    target,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    requests: drafted.tasks.length + drafted.merged,
    merged: drafted.merged,
    passed: drafted.passed,
    counts,
    without: toolsWithout(counts),
  };
}

export interface SuiteDraft {
  yaml: string;
  /** values marked FILL the author still has to write */
  fills: number;
}

/** The draft's file text, checked against the suite schema as far as it can be before the FILL marks are written. */
export function writeSuiteDraft(plan: SuiteDraftPlan, name: string, schemaPath: string): SuiteDraft {
  const document: DraftDocument = { ...plan, name, schemaPath };
  const suite = draftSuiteObject(document);
  // a FILL is a text the schema accepts, so any refusal here is a draft tdo wrote wrong, not the author's to fix
  for (const task of suite.tasks as unknown[]) taskSchema.parse(task);
  for (const server of plan.servers) if (typeof server.entry !== 'string') serverSpecSchema.parse(server.entry);
  return { yaml: recordedDraftYaml(document), fills: unfilledFields(suite).length };
}

/** A run none of whose episodes can become a task is named, with why, rather than quietly adding nothing. */
function refuseEmpty(run: RecordedRun): void {
  const proxy = run.source.kind === 'proxy';
  const withRequest = run.episodes.filter((e) => proxy || e.request !== undefined);
  if (withRequest.length === 0)
    throw inputError(
      `run ${run.id}: none of its ${counted(run.episodes.length, 'episode')} holds a user request (no model call of the agent recorded one), so there is no task to draft from it`,
    );
  if (withRequest.every((e) => e.calls.length === 0))
    throw inputError(
      `run ${run.id}: none of its ${counted(run.episodes.length, proxy ? 'session' : 'episode')} made a tool call that returned a result, so there is no plan to draft from it`,
    );
}

function mostCalled(tasks: readonly SpreadTask[]): string {
  const calls = new Map<string, number>();
  for (const call of tasks.flatMap((t) => t.calls)) calls.set(call.server, (calls.get(call.server) ?? 0) + 1);
  // Map keeps the order servers were first called in, so a tie goes to the first
  return [...calls].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
