import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openTraceStore, TraceStoreError } from '../../traces/index.ts';
import { finished, openTempStore, runInput, toolStep } from './helpers.ts';

describe('recording episodes', () => {
  it('records a whole run: episodes, tool and model steps in order, scores, results', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 'sum', split: 'train', repeat: 1, seed: 99 });
    expect(episode).toMatchObject({
      runId: run.id,
      taskId: 'sum',
      split: 'train',
      repeatIndex: 1,
      seed: 99,
      status: 'running',
      success: null,
      finishedAt: null,
    });
    expect(episode.id).toMatch(/^e-[0-9a-f]{12}$/);

    const model = store.addModelStep(episode.id, {
      model: 'gpt-x',
      input: [{ role: 'user', content: 'add 2 and 3' }],
      output: { toolCalls: [{ name: 'lab__add', arguments: '{"a":2,"b":3}' }] },
      tokensIn: 120,
      tokensOut: 18,
      latencyMs: 840,
      cached: true,
    });
    const tool = store.addToolStep(episode.id, { ...toolStep('add'), args: { a: 2, b: 3 }, output: '5' });
    store.addScore(episode.id, { name: 'success', value: 1 });
    store.addScore(episode.id, { name: 'selection', value: 0.5, comment: 'one of two calls on target' });
    store.finishEpisode(episode.id, {
      status: 'completed',
      answer: '5',
      success: true,
      feedback: 'answer matches',
      stop: 'answered',
      note: 'short',
    });

    expect(model).toMatchObject({ seq: 0, kind: 'model', tokensIn: 120, tokensOut: 18, cached: true });
    expect(tool).toMatchObject({
      seq: 1,
      kind: 'tool',
      server: 'lab',
      tool: 'add',
      name: 'lab__add',
      args: { a: 2, b: 3 },
      output: '5',
      isError: false,
      latencyMs: 12,
    });
    // a step is recorded when it completes, so it started latency_ms earlier
    expect(Date.parse(tool.startedAt)).toBeLessThanOrEqual(Date.now() - 12);

    const trajectory = store.getTrajectory(episode.id);
    expect(trajectory?.episode).toMatchObject({
      status: 'completed',
      answer: '5',
      success: true,
      feedback: 'answer matches',
      stopReason: 'answered',
      note: 'short',
    });
    expect(trajectory?.episode.finishedAt).not.toBeNull();
    expect(trajectory?.steps).toEqual([model, tool]);
    expect(trajectory?.scores.map((s) => [s.name, s.value, s.comment])).toEqual([
      ['success', 1, null],
      ['selection', 0.5, 'one of two calls on target'],
    ]);
  });

  it('commits a group of writes at once: another connection sees none of them until the group ends', async () => {
    const store = await openTempStore();
    const reader = openTraceStore(store.path);
    onTestFinished(() => reader.close());
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't', split: 'train', repeat: 0, seed: 0 });
    store.addToolStep(episode.id, toolStep('add'));

    const returned = store.atomically(() => {
      store.finishEpisode(episode.id, finished(true));
      store.addScore(episode.id, { name: 'success', value: 1 });
      store.atomically(() => store.addScore(episode.id, { name: 'tool_recall', value: 0.5 })); // nested: part of the outer group
      // a process killed here would leave the episode running, to be redone on resume, and no score
      expect(reader.getTrajectory(episode.id)).toMatchObject({ episode: { status: 'running' }, scores: [] });
      return 'done';
    });

    expect(returned).toBe('done');
    const seen = reader.getTrajectory(episode.id);
    expect(seen?.episode).toMatchObject({ status: 'completed', success: true });
    expect(seen?.scores.map((s) => [s.name, s.value])).toEqual([
      ['success', 1],
      ['tool_recall', 0.5],
    ]);
    expect(seen?.steps).toHaveLength(1);
  });

  it('stores JSON arguments and model payloads and reads them back unchanged', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't', split: 'train', repeat: 0, seed: 1 });
    const args = { text: 'naïve "quoted" \n 🚀', nested: { list: [1, 2.5, -3e-7, null, true], empty: {} }, none: null };
    const input = [
      { role: 'system', content: '' },
      { role: 'user', content: 'x'.repeat(10_000) },
    ];
    const output = 'a bare string is JSON too';
    store.addToolStep(episode.id, { ...toolStep('t'), args });
    store.addModelStep(episode.id, { model: 'm', input, output, latencyMs: 1 });

    const [tool, model] = store.getTrajectory(episode.id)?.steps ?? [];
    expect(tool).toMatchObject({ kind: 'tool', args });
    expect(model).toMatchObject({ kind: 'model', input, output, tokensIn: null, tokensOut: null, cached: false });
  });

  it('stores each column as the schema writes it: JSON text (absent values as JSON null), booleans as 0/1, the other kind NULL', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't', split: 'train', repeat: 0, seed: 1 });
    const tool = store.addToolStep(episode.id, { ...toolStep('t', true), args: undefined });
    const model = store.addModelStep(episode.id, { model: 'm', input: { intent: 'x' }, output: undefined, tokensIn: 3, latencyMs: 1 });
    const sqlite = new Database(store.path, { readonly: true });
    onTestFinished(() => {
      sqlite.close();
    });
    const columns = 'seq, kind, server, tool, catalogue_name, arguments, result_text, is_error, model, input, output, tokens_in, tokens_out, cached';
    expect(sqlite.prepare(`SELECT ${columns} FROM steps WHERE episode_id = ? ORDER BY seq`).raw().all(episode.id)).toEqual([
      [0, 'tool', 'lab', 't', 'lab__t', 'null', 't result', 1, null, null, null, null, null, null],
      [1, 'model', null, null, null, null, null, null, 'm', '{"intent":"x"}', 'null', 3, null, 0],
    ]);
    // the rows returned are the rows stored, as reading them back gives them
    expect(store.getTrajectory(episode.id)?.steps).toEqual([tool, model]);
  });

  it('reports the completed episodes of a run as task#repeat keys; an errored one is left for a resume to run again', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const other = store.createRun(runInput());
    const start = (runId: string, taskId: string, repeat: number) => store.startEpisode({ runId, taskId, split: 'train', repeat, seed: repeat });

    store.finishEpisode(start(run.id, 'a', 0).id, finished(true));
    store.finishEpisode(start(run.id, 'a', 1).id, finished(false));
    store.finishEpisode(start(run.id, 'b', 0).id, { ...finished(false), status: 'error', stop: 'error' });
    start(run.id, 'b', 1); // still running: a resume must redo it
    store.finishEpisode(start(other.id, 'c', 0).id, finished(true));

    expect(store.completedEpisodeKeys(run.id)).toEqual(new Set(['a#0', 'a#1']));
    expect(store.completedEpisodeKeys('r-00000000')).toEqual(new Set());
  });

  it('restarts an unfinished episode afresh, deleting its partial steps and scores', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const input = { runId: run.id, taskId: 'sum', split: 'train', repeat: 0, seed: 5 };
    const killed = store.startEpisode(input);
    store.addToolStep(killed.id, toolStep('add'));
    store.addToolStep(killed.id, toolStep('mul'));
    store.addScore(killed.id, { name: 'partial', value: 0 });

    const restarted = store.startEpisode(input);
    expect(restarted.id).not.toBe(killed.id);
    expect(store.getTrajectory(killed.id)).toBeUndefined();
    expect(store.getTrajectory(restarted.id)).toMatchObject({ steps: [], scores: [] });
    expect(store.addToolStep(restarted.id, toolStep('add')).seq).toBe(0);
    expect(store.listEpisodes({ runId: run.id }).map((e) => e.id)).toEqual([restarted.id]);
    expect(store.runSummary(run.id).toolCalls).toBe(1);
  });

  it('never replaces a finished episode', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const input = { runId: run.id, taskId: 'sum', split: 'train', repeat: 0, seed: 5 };
    const episode = store.startEpisode(input);
    store.addToolStep(episode.id, toolStep('add'));
    store.finishEpisode(episode.id, finished(true));

    expect(() => store.startEpisode(input)).toThrow(/already finished/);
    expect(store.getTrajectory(episode.id)?.steps).toHaveLength(1);
  });

  it('numbers the steps of concurrently running episodes independently and without gaps', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const tasks = ['a', 'b', 'c', 'd'];
    const stepsPerEpisode = 25;
    const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

    const episodeIds = await Promise.all(
      tasks.map(async (taskId, i) => {
        const episode = store.startEpisode({ runId: run.id, taskId, split: 'train', repeat: 0, seed: i });
        for (let n = 0; n < stepsPerEpisode; n++) {
          // interleave the episodes' writes, with the pattern varying by episode
          for (let wait = 0; wait < (n + i) % 3; wait++) await tick();
          if (n % 2 === 0) store.addModelStep(episode.id, { model: 'm', input: n, output: n, latencyMs: 1 });
          else store.addToolStep(episode.id, { ...toolStep(taskId), args: { n } });
        }
        return episode.id;
      }),
    );

    for (const id of episodeIds) {
      const steps = store.getTrajectory(id)?.steps ?? [];
      expect(steps.map((s) => s.seq)).toEqual([...Array(stepsPerEpisode).keys()]);
      // seq order is the order each episode wrote its steps
      expect(steps.map((s) => (s.kind === 'model' ? s.input : (s.args as { n: number }).n))).toEqual([...Array(stepsPerEpisode).keys()]);
    }
  });

  it("keeps SQLite's automatic checkpoint running through a long stretch of steps, so the WAL stays bounded", async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 'long', split: 'train', repeat: 0, seed: 0 });
    // every step commits at least two pages (its row and its (episode, seq) index entry): 6,000+ WAL frames
    // if nothing checkpoints, about 1,000 (SQLite's default wal_autocheckpoint) when the checkpoint runs
    const steps = 3000;
    for (let n = 0; n < steps; n++) {
      if (n % 2 === 0) store.addModelStep(episode.id, { model: 'm', input: n, output: n, latencyMs: 1 });
      else store.addToolStep(episode.id, { ...toolStep('add'), args: { n } });
    }
    const reader = new Database(store.path, { readonly: true });
    onTestFinished(() => {
      reader.close();
    });
    const frameBytes = (reader.pragma('page_size', { simple: true }) as number) + 24;
    expect(statSync(`${store.path}-wal`).size / frameBytes).toBeLessThan(2000);
    expect(store.getTrajectory(episode.id)?.steps).toHaveLength(steps);
  });
});

describe('recording with bad input', () => {
  it('rejects steps and scores for an unknown episode with a clear error', async () => {
    const store = await openTempStore();
    expect(() => store.addToolStep('e-000000000000', toolStep('add'))).toThrow(
      new TraceStoreError(`trace store ${store.path}: no episode with id 'e-000000000000'`),
    );
    expect(() => store.addModelStep('e-missing', { model: 'm', input: 1, output: 1, latencyMs: 1 })).toThrow(TraceStoreError);
    expect(() => store.addScore('e-missing', { name: 'success', value: 1 })).toThrow(/no episode with id 'e-missing'/);
  });

  it('rejects an episode for an unknown run', async () => {
    const store = await openTempStore();
    expect(() => store.startEpisode({ runId: 'r-deadbeef', taskId: 't', split: 'train', repeat: 0, seed: 0 })).toThrow(/no run with id 'r-deadbeef'/);
  });

  it('stores nothing of a group of writes that fails, and passes its error on', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't', split: 'train', repeat: 0, seed: 0 });
    store.addToolStep(episode.id, toolStep('add'));

    expect(() =>
      store.atomically(() => {
        store.finishEpisode(episode.id, finished(true));
        store.addScore(episode.id, { name: 'success', value: 1 });
        store.addScore('e-missing', { name: 'success', value: 1 });
      }),
    ).toThrow(/no episode with id 'e-missing'/);
    // an async group would commit what follows its first await on its own: refused, and rolled back
    expect(() =>
      store.atomically(async () => {
        store.finishEpisode(episode.id, finished(false));
      }),
    ).toThrow(/cannot return a promise/);

    expect(store.getTrajectory(episode.id)).toMatchObject({ episode: { status: 'running', success: null }, scores: [] });
    expect(store.getTrajectory(episode.id)?.steps).toHaveLength(1); // committed before the group: kept
    expect(store.completedEpisodeKeys(run.id)).toEqual(new Set());
    store.finishEpisode(episode.id, finished(true)); // still running, so it can be finished afterwards
  });

  it('refuses to finish an unknown or already finished episode, keeping the first result', async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't', split: 'train', repeat: 0, seed: 0 });
    store.finishEpisode(episode.id, finished(true));

    expect(() => store.finishEpisode(episode.id, finished(false))).toThrow(/already finished/);
    expect(() => store.finishEpisode('e-nope', finished(false))).toThrow(TraceStoreError);
    expect(store.getTrajectory(episode.id)?.episode.success).toBe(true);
  });
});
