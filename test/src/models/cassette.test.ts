import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CassettePlayer, CassetteRecorder, cassetteKey, checkRecordingPath, checkReplayPath } from '../../../src/models/cassette.ts';
import { ChatClient, type ChatRequest } from '../../../src/models/chat-client.ts';
import { MemoryResponseCache } from '../../../src/models/response-cache.ts';
import { TdoError } from '../../../src/errors.ts';
import { finalAnswer, startOpenAiDouble, type OpenAiDouble } from '../../support/openai-double.ts';

const doubles: OpenAiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

const ask = (text: string): ChatRequest => ({ messages: [{ role: 'user', content: text }], temperature: 0 });
const NO_ENDPOINT = { env: {} as NodeJS.ProcessEnv };

function cassettePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'tdo-cassette-')), 'run.cassette.jsonl');
}

/** Records the answers of a double that says "answer 1", "answer 2", ... call by call, then stops the double. */
async function recordAnswers(path: string, questions: string[], options: { cache?: MemoryResponseCache } = {}) {
  const double = await startOpenAiDouble((_, callIndex) => finalAnswer(`answer ${callIndex + 1}`));
  doubles.push(double);
  const client = new ChatClient({ model: 'test-model', baseURL: double.baseURL, apiKey: 'k', recorder: new CassetteRecorder(path), ...options });
  const answers = [];
  for (const question of questions) answers.push((await client.complete(ask(question))).message.content);
  await double.close();
  doubles.splice(doubles.indexOf(double), 1);
  return { answers, calls: double.requests.length };
}

async function replayer(path: string) {
  return new ChatClient({ model: 'test-model', player: await CassettePlayer.open(path), ...NO_ENDPOINT });
}

describe('a cassette', () => {
  it('replays what was recorded with no endpoint at all, as calls that cost nothing', async () => {
    const path = cassettePath();
    const recorded = await recordAnswers(path, ['first', 'second']);
    const client = await replayer(path);
    const first = await client.complete(ask('first'));
    const second = await client.complete(ask('second'));
    expect([first.message.content, second.message.content]).toEqual(recorded.answers);
    expect(first).toMatchObject({ cached: true, cost: 0, retries: 0 });
  });

  it('answers the n-th repeat of a request with its n-th recorded answer, and the last one after that', async () => {
    const path = cassettePath();
    await recordAnswers(path, ['same', 'same']);
    const client = await replayer(path);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await client.complete(ask('same'))).message.content);
    expect(answers).toEqual(['answer 1', 'answer 2', 'answer 2']);
  });

  it('records the answers the response cache gave, so the replay needs neither the cache nor the endpoint', async () => {
    const path = cassettePath();
    const cache = new MemoryResponseCache();
    const recorded = await recordAnswers(path, ['cached', 'cached'], { cache });
    expect(recorded.calls).toBe(1);
    expect(recorded.answers).toEqual(['answer 1', 'answer 1']);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2); // the header and one answer: a repeat of the same answer is written once
    expect((await (await replayer(path)).complete(ask('cached'))).message.content).toBe('answer 1');
  });

  it('refuses a request it does not hold, naming the model and where the nearest recorded request parts from it', async () => {
    const path = cassettePath();
    await recordAnswers(path, ['first']);
    const client = await replayer(path);
    const miss = client.complete({
      messages: [
        { role: 'user', content: 'first' },
        { role: 'user', content: 'more' },
      ],
      temperature: 0,
    });
    await expect(miss).rejects.toThrow(/holds no answer for a request of the model "test-model".*from message 2 on \(of 2 asked, 1 recorded\)/);
    await expect(client.complete({ ...ask('first'), temperature: 1 })).rejects.toThrow(/in "temperature"/);
    const otherModel = new ChatClient({ model: 'other-model', player: await CassettePlayer.open(path), ...NO_ENDPOINT });
    await expect(otherModel.complete(ask('first'))).rejects.toThrow(/holds no request for the model "other-model"/);
    await expect(otherModel.complete(ask('first'))).rejects.toSatisfy((e) => e instanceof TdoError && e.kind === 'input');
  });

  it('keeps the endpoint out of its key, so a recording made against one endpoint replays against any', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'x' }] };
    expect(cassetteKey(body)).toBe(cassetteKey({ messages: [{ content: 'x', role: 'user' }], model: 'm' }));
    expect(cassetteKey(body)).not.toBe(cassetteKey({ ...body, model: 'n' }));
  });

  it('is extended by a second recording (a resumed search) and survives a last line cut short', async () => {
    const path = cassettePath();
    await recordAnswers(path, ['first']);
    await recordAnswers(path, ['second']);
    appendFileSync(path, '{"key":"abc","mod');
    const player = await CassettePlayer.open(path);
    expect(player.size).toBe(2);
    expect((await (await replayer(path)).complete(ask('second'))).message.content).toBe('answer 1');
  });

  it('names a line it cannot read when a request misses, rather than blaming the request alone', async () => {
    const path = cassettePath();
    await recordAnswers(path, ['first', 'second', 'third']);
    const lines = readFileSync(path, 'utf8').split('\n');
    // line 3 holds the answer to "second": cut in its middle, as a damaged copy would be
    lines[2] = lines[2]!.slice(0, lines[2]!.length / 2);
    writeFileSync(path, lines.join('\n'));
    const client = await replayer(path);
    expect((await client.complete(ask('third'))).message.content).toBe('answer 3');
    await expect(client.complete(ask('second'))).rejects.toThrow(/Its line 3 holds no answer tdo can read \(cut short or edited\)/);
  });

  it('goes on recording after a last line a crash cut short, keeping the new answers readable', async () => {
    const path = cassettePath();
    await recordAnswers(path, ['first']);
    appendFileSync(path, '{"key":"abc","mod');
    await recordAnswers(path, ['second']);
    expect((await (await replayer(path)).complete(ask('second'))).message.content).toBe('answer 1');
  });

  it('refuses a file that is not a cassette for either use, and a cassette that does not exist, losing nothing', async () => {
    const path = cassettePath();
    writeFileSync(path, 'precious notes\n');
    expect(() => new CassetteRecorder(path)).toThrow(/is not a tdo cassette/);
    await expect(CassettePlayer.open(path)).rejects.toThrow(/is not a tdo cassette/);
    expect(readFileSync(path, 'utf8')).toBe('precious notes\n');
    await expect(CassettePlayer.open(`${path}.missing`)).rejects.toThrow(/does not exist/);
  });

  it('checks a path for recording and for replay without writing anything', () => {
    const path = cassettePath();
    const folder = join(path, '..');
    expect(() => checkRecordingPath(join(folder, 'missing', 'run.cassette.jsonl'))).toThrow(
      /the directory .*missing does not exist; create it or give another path/,
    );
    expect(() => checkRecordingPath(folder)).toThrow(/it is a directory; give a file path/);
    expect(() => checkReplayPath(folder)).toThrow(/is a directory: give the file written by --record/);
    expect(() => checkReplayPath(path)).toThrow(/does not exist: give the file written by --record/);
    // a new file in a folder that exists is fine, and is not made by the check
    expect(() => checkRecordingPath(path)).not.toThrow();
    expect(existsSync(path)).toBe(false);
    writeFileSync(path, 'precious notes\n');
    expect(() => checkRecordingPath(path)).toThrow(/is not a tdo cassette/);
    expect(() => checkReplayPath(path)).toThrow(/is not a tdo cassette/);
    expect(readFileSync(path, 'utf8')).toBe('precious notes\n');
  });

  it('is given for recording or for replay, not both', async () => {
    const path = cassettePath();
    await recordAnswers(path, ['first']);
    expect(() => new ChatClient({ model: 'm', recorder: new CassetteRecorder(path), player: undefined, ...NO_ENDPOINT })).toThrow(/No model endpoint/);
    const both = async () => new ChatClient({ model: 'm', recorder: new CassetteRecorder(path), player: await CassettePlayer.open(path), ...NO_ENDPOINT });
    await expect(both()).rejects.toThrow(/--record or --replay, not both/);
  });
});
