// The draft's tasks: one per distinct request of the recorded episodes (one per session of a proxy run), the
// calls the agent made as the plan. A request asked again with the same calls and nearly the same words is merged
// into the first task that asked it (wording.ts), its other wordings kept for the author to see.
import { canonicalJson } from '../../models/canonical-json.ts';
import { isContentWord, words } from '../../text/words.ts';
import { nearlySameWording } from './wording.ts';
import type { RecordedCall, RecordedEpisode, RecordedRun } from './recorded.ts';

export interface DraftTask {
  id: string;
  /** the user's request; undefined for a proxy session, whose request the author writes */
  request?: string;
  /** the other wordings merged into this task, in the order they came */
  variants: string[];
  calls: RecordedCall[];
  /** the calls as one text: tasks with equal plans have equal signatures */
  signature: string;
  answer: string | null;
  /** where it was recorded: the first episode, and how many were merged into it */
  runId: string;
  episodeIds: string[];
  leftOut: number;
  /** proxy sessions: the host that made the calls */
  host?: string;
  /** an earlier task asked in nearly the same words that the agent answered with other calls */
  sameRequestAs?: string;
}

/** Why recorded episodes gave no task. */
export interface Passed {
  /** episodes of imported runs with no user request in their model calls */
  withoutRequest: number;
  /** episodes (or sessions) that made no call that returned a result */
  withoutCalls: number;
}

export interface DraftedTasks {
  tasks: DraftTask[];
  /** requests merged into an earlier task */
  merged: number;
  passed: Passed;
}

/** The tasks of the runs' episodes, in the order the episodes were recorded, runs in the order given. */
export function draftTasks(runs: readonly RecordedRun[]): DraftedTasks {
  const tasks: DraftTask[] = [];
  const passed: Passed = { withoutRequest: 0, withoutCalls: 0 };
  const ids = new Set<string>();
  let merged = 0;
  for (const run of runs) {
    for (const episode of run.episodes) {
      if (run.source.kind === 'imported' && episode.request === undefined) passed.withoutRequest++;
      else if (episode.calls.length === 0) passed.withoutCalls++;
      else if (mergeInto(tasks, episode)) merged++;
      else tasks.push({ ...newTask(episode, run, ids), ...sameRequest(tasks, episode) });
    }
  }
  return { tasks, merged, passed };
}

/**
 * Adds the episode's request to the first task with the same calls (arguments included, so "12 times 7" and
 * "13 times 7" stay apart) and nearly the same words; false when there is none. Proxy sessions, which carry no
 * words, are never merged: each is a session the author words.
 */
function mergeInto(tasks: DraftTask[], episode: RecordedEpisode): boolean {
  const { request } = episode;
  if (request === undefined) return false;
  const signature = signatureOf(episode.calls);
  const task = tasks.find((t) => t.signature === signature && t.request !== undefined && nearlySameWording(t.request, request));
  if (task === undefined) return false;
  if (request !== task.request && !task.variants.includes(request)) task.variants.push(request);
  task.episodeIds.push(episode.episodeId);
  return true;
}

/**
 * The earlier task asked in nearly the same words, when the agent answered this request with other calls: one of the
 * two plans is likely wrong, and the author keeps the right one.
 */
function sameRequest(tasks: readonly DraftTask[], episode: RecordedEpisode): Pick<DraftTask, 'sameRequestAs'> {
  const { request } = episode;
  const earlier = request === undefined ? undefined : tasks.find((t) => t.request !== undefined && nearlySameWording(t.request, request));
  return earlier === undefined ? {} : { sameRequestAs: earlier.id };
}

function newTask(episode: RecordedEpisode, run: RecordedRun, ids: Set<string>): DraftTask {
  const base = episode.request === undefined ? `${episode.calls[0]!.server}-session` : slug(episode.request);
  const task: DraftTask = {
    id: uniqueId(base, ids),
    variants: [],
    calls: episode.calls,
    signature: signatureOf(episode.calls),
    answer: episode.answer,
    runId: run.id,
    episodeIds: [episode.episodeId],
    leftOut: episode.leftOut,
    ...(episode.request === undefined ? {} : { request: episode.request }),
    ...(run.source.kind === 'proxy' ? { host: run.source.host } : {}),
  };
  return task;
}

export function signatureOf(calls: readonly RecordedCall[]): string {
  return canonicalJson(calls.map((c) => [c.server, c.tool, c.args]));
}

/** The label a plan step gives a call: `server/tool`, unambiguous whatever the catalogue's other servers list. */
export function labelOf(call: Pick<RecordedCall, 'server' | 'tool'>): string {
  return `${call.server}/${call.tool}`;
}

/** An id from the request's first content words and numbers ("convert-5-miles-km"), as task ids in the shipped suites read. */
function slug(request: string): string {
  const kept = words(request)
    .filter((w) => isContentWord(w) || /^\d+$/.test(w))
    .slice(0, 4)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return kept.length === 0 ? 'request' : kept.join('-');
}

function uniqueId(base: string, ids: Set<string>): string {
  const safe = base.replace(/[^A-Za-z0-9_-]/g, '-');
  let id = safe;
  for (let n = 2; ids.has(id); n++) id = `${safe}-${n}`;
  ids.add(id);
  return id;
}
