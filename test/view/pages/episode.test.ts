// The episode page of a search's episode: the searched server's catalogue is the candidate its evaluation measured,
// the other servers' the versions the run served; a candidate the search did not keep is said, never guessed.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { viewApp } from '../../../view/app.ts';
import { ANSWERED } from '../../support/hand-recorded.ts';
import { tempStore } from '../../support/lab-runs.ts';

function searchEpisode(candidateHash: string) {
  const store = tempStore();
  const seed = store.recordVersion({ server: 'lab', descriptions: { add: 'Seed text.' }, origin: 'seed' }).id;
  const other = store.recordVersion({ server: 'files', descriptions: { read: 'Reads a file.' }, origin: 'seed' }).id;
  const runId = store.createRun({
    suite: 'lab',
    suitePath: 'lab.yaml',
    agent: 'sim',
    split: 'val',
    repeats: 1,
    seed: 0,
    concurrency: 1,
    versionIds: { lab: seed, files: other },
    kind: 'optimize',
    settings: { optimize: {} },
  }).id;
  store.createOptimizerRun({ runId, target: 'success', server: 'lab', seedVersionId: seed });
  store.recordEvaluation({ runId, ordinal: 3, purpose: 'val', iteration: 1, candidateHash, taskIds: ['t1'] });
  store.recordCandidate({
    runId,
    candidate: 1,
    origin: 'mutation',
    iteration: 1,
    parents: [0],
    descriptions: { add: 'Adds two <b>numbers</b>.' },
    candidateHash: 'kept',
    valScores: { t1: 1 },
    valMean: 1,
    valMetrics: { success: 1 },
    budgetUsed: 1,
  });
  const episode = store.startEpisode({ runId, taskId: 't1', split: 'val', repeat: 3, seed: 1 });
  store.finishEpisode(episode.id, ANSWERED);
  // the optimizer's evaluator records the evaluation with the episode (optimizer/adapter/evaluator.ts)
  const sqlite = new Database(store.path);
  sqlite.prepare('UPDATE episodes SET evaluation = repeat_index WHERE id = ?').run(episode.id);
  sqlite.close();
  return { store, episodeId: episode.id };
}

const catalogueOf = async (store: ReturnType<typeof tempStore>, episodeId: string) => {
  const text = (await (await viewApp(store).request(`/episodes/${episodeId}`)).text()).replace(/>\s+</g, '><');
  return text.slice(text.indexOf('<h2>Catalogue</h2>'), text.indexOf('<h2>Steps</h2>'));
};

describe("a search's episode page", () => {
  it("shows the candidate its evaluation measured for the searched server, and the run's version for the others", async () => {
    const { store, episodeId } = searchEpisode('kept');
    const catalogue = await catalogueOf(store, episodeId);
    expect(catalogue).toContain('<h3>lab <small>the candidate of evaluation 3</small></h3>');
    expect(catalogue).toContain('Adds two &lt;b&gt;numbers&lt;/b&gt;.');
    expect(catalogue).not.toContain('Seed text.');
    expect(catalogue).toContain('Reads a file.');
    store.close();
  });

  it('says so when the search kept no candidate of the evaluated descriptions', async () => {
    const { store, episodeId } = searchEpisode('refused');
    const catalogue = await catalogueOf(store, episodeId);
    expect(catalogue).toContain('the search kept no candidate of these descriptions');
    expect(catalogue).not.toContain('Seed text.');
    store.close();
  });
});
