// A cassette holds the model requests and answers of a run or search (`--record FILE`), so it can be run again
// with no endpoint (`--replay FILE`), shared, or kept as a test's fixture (docs/agents.md, "Record and replay").
// One JSON line per answer, written as it arrives, so a crash or Ctrl-C loses nothing already answered and a
// resumed search appends to the same file.
import { createHash } from 'node:crypto';
import { accessSync, appendFileSync, closeSync, constants, createReadStream, existsSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import * as z from 'zod';
import { inputError } from '../errors.ts';
import { canonicalJson } from './canonical-json.ts';

const HEADER = { tdo_cassette: 1 } as const;
const headerSchema = z.object({ tdo_cassette: z.literal(1) });
const entrySchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/), model: z.string(), request: z.unknown(), response: z.unknown() });
type Entry = z.infer<typeof entrySchema>;

/** A cassette is read whole into memory; past this size it is refused rather than exhausting it. */
export const MAX_CASSETTE_BYTES = 1024 * 1024 * 1024;

/**
 * The key of a request: sha256 of the whole request body (model included) in canonical JSON. Unlike the response
 * cache's key the endpoint is left out, so a cassette recorded against one endpoint replays anywhere.
 */
export function cassetteKey(requestBody: unknown): string {
  return createHash('sha256').update(canonicalJson(requestBody)).digest('hex');
}

/** Appends each answer as one line; an existing cassette is extended, anything else at the path is refused. */
export class CassetteRecorder {
  /** The last answer written per key, so an answer repeated from the response cache is written once. */
  private readonly written = new Map<string, string>();

  constructor(readonly path: string) {
    checkRecordingPath(path);
    if (!existsSync(path)) writeFileSync(path, `${JSON.stringify(HEADER)}\n`);
    // a last line cut short by a crash is ended, so the first answer appended now stays a line of its own
    else if (!endsWithNewline(path)) appendFileSync(path, '\n');
  }

  record(requestBody: { model: string }, response: unknown): void {
    const key = cassetteKey(requestBody);
    const answer = JSON.stringify(response);
    if (this.written.get(key) === answer) return;
    this.written.set(key, answer);
    appendFileSync(this.path, `${JSON.stringify({ key, model: requestBody.model, request: requestBody, response })}\n`);
  }
}

/**
 * Answers requests from a cassette. The n-th time a request is made it gets the n-th answer recorded for it, and
 * the last one after that, as a request repeated in the recording was answered from the response cache.
 */
export class CassettePlayer {
  private readonly served = new Map<string, number>();

  private constructor(
    readonly path: string,
    private readonly answers: ReadonlyMap<string, readonly Entry[]>,
    /** the numbers of the lines that hold no answer it can read (cut short, or edited) */
    private readonly brokenLines: readonly number[],
  ) {}

  static async open(path: string): Promise<CassettePlayer> {
    checkReplayPath(path);
    const { answers, brokenLines } = await readEntries(path);
    return new CassettePlayer(path, answers, brokenLines);
  }

  get size(): number {
    return [...this.answers.values()].reduce((sum, list) => sum + list.length, 0);
  }

  answer(requestBody: { model: string; messages?: readonly unknown[] }): unknown {
    const key = cassetteKey(requestBody);
    const recorded = this.answers.get(key);
    if (recorded === undefined) throw this.miss(requestBody);
    const index = this.served.get(key) ?? 0;
    this.served.set(key, index + 1);
    return recorded[Math.min(index, recorded.length - 1)]!.response;
  }

  /** Says where the request parts from the nearest recorded one, which usually names what changed. */
  private miss(requestBody: { model: string; messages?: readonly unknown[] }) {
    const sameModel = [...this.answers.values()].flat().filter((entry) => entry.model === requestBody.model);
    const where =
      sameModel.length === 0
        ? `it holds no request for the model "${requestBody.model}"`
        : `the nearest recorded request differs from it ${firstDifference(requestBody, nearest(requestBody, sameModel))}`;
    return inputError(
      `The cassette ${this.path} holds no answer for a request of the model "${requestBody.model}": ${where}. ${this.brokenLinesNote()}` +
        'Replay with the suite, versions, agent settings and seed it was recorded with, or record it again with --record.',
    );
  }

  /** A line it could not read may have held the missing answer: the miss is then the file's, not the request's. */
  private brokenLinesNote(): string {
    if (this.brokenLines.length === 0) return '';
    const shown = this.brokenLines.slice(0, 5).join(', ');
    const more = this.brokenLines.length > 5 ? ` and ${this.brokenLines.length - 5} more` : '';
    const one = this.brokenLines.length === 1;
    return `Its line${one ? '' : 's'} ${shown}${more} hold${one ? 's' : ''} no answer tdo can read (cut short or edited), which may be the one asked for. `;
  }
}

/**
 * Refuses a path --record could not write to, before anything is written: an existing file that is not a cassette
 * (or cannot be appended to), a directory, or a folder that does not exist or is not writable.
 */
export function checkRecordingPath(path: string): void {
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw inputError(`Cannot record to ${path}: it is a directory; give a file path such as ${path}/run.cassette.jsonl.`);
    readHeader(path);
    if (!writable(path)) throw inputError(`Cannot record to ${path}: the file is not writable; give another path.`);
    return;
  }
  const folder = dirname(resolve(path));
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw inputError(`Cannot record to ${path}: the directory ${folder} does not exist; create it or give another path.`);
  if (!writable(folder)) throw inputError(`Cannot record to ${path}: the directory ${folder} is not writable; give another path.`);
}

/** Refuses a --replay path that holds no cassette, before anything is written: missing, too large, or another kind of file. */
export function checkReplayPath(path: string): void {
  if (!existsSync(path)) throw inputError(`The cassette ${path} does not exist: give the file written by --record.`);
  const stat = statSync(path);
  if (stat.isDirectory()) throw inputError(`The cassette ${path} is a directory: give the file written by --record.`);
  if (stat.size > MAX_CASSETTE_BYTES) throw inputError(`The cassette ${path} is ${stat.size} bytes, more than the ${MAX_CASSETTE_BYTES} tdo reads.`);
  readHeader(path);
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function readHeader(path: string): void {
  const firstLine = readFirstLine(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(firstLine);
  } catch {
    parsed = undefined;
  }
  if (!headerSchema.safeParse(parsed).success)
    throw inputError(`${path} is not a tdo cassette (its first line is not ${JSON.stringify(HEADER)}): give another path, or move the file away.`);
}

/** The first line, read in a bounded prefix so a file with no line break is not read whole. */
function readFirstLine(path: string): string {
  const prefix = Buffer.alloc(256);
  const fd = openSync(path, 'r');
  try {
    const read = readSync(fd, prefix, 0, prefix.length, 0);
    return prefix.subarray(0, read).toString('utf8').split('\n', 1)[0] ?? '';
  } finally {
    closeSync(fd);
  }
}

async function readEntries(path: string): Promise<{ answers: Map<string, Entry[]>; brokenLines: number[] }> {
  const answers = new Map<string, Entry[]>();
  const brokenLines: number[] = [];
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (lineNumber === 1 || line.trim() === '') continue;
    const entry = parseEntry(line);
    // a line cut short by a crash while it was written is no error (a resumed recording goes on after it); a miss names it
    if (entry === undefined) brokenLines.push(lineNumber);
    else answers.set(entry.key, [...(answers.get(entry.key) ?? []), entry]);
  }
  return { answers, brokenLines };
}

function endsWithNewline(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

function parseEntry(line: string): Entry | undefined {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function nearest(request: { messages?: readonly unknown[] }, candidates: readonly Entry[]): Entry {
  const score = (entry: Entry) => sharedMessages(request, entry.request);
  return candidates.reduce((best, entry) => (score(entry) > score(best) ? entry : best));
}

function messagesOf(request: unknown): readonly unknown[] {
  const messages = (request as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages : [];
}

function sharedMessages(a: unknown, b: unknown): number {
  const [left, right] = [messagesOf(a), messagesOf(b)];
  let shared = 0;
  while (shared < left.length && shared < right.length && canonicalJson(left[shared]) === canonicalJson(right[shared])) shared += 1;
  return shared;
}

function firstDifference(request: unknown, entry: Entry): string {
  const shared = sharedMessages(request, entry.request);
  const [asked, held] = [messagesOf(request), messagesOf(entry.request)];
  if (shared < asked.length || shared < held.length) return `from message ${shared + 1} on (of ${asked.length} asked, ${held.length} recorded)`;
  const fields = new Set([...Object.keys(request as object), ...Object.keys(entry.request as object)]);
  const differing = [...fields].filter(
    (field) => canonicalJson((request as Record<string, unknown>)[field]) !== canonicalJson((entry.request as Record<string, unknown>)[field]),
  );
  return `in ${differing.map((field) => `"${field}"`).join(', ')}`;
}
