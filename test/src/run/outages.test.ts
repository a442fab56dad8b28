import { describe, expect, it } from 'vitest';
import { ErrorBudget, outageCause, tallyErrors } from '../../../src/run/outages.ts';

const completed = { status: 'completed', note: null };
const refused = { status: 'error', note: 'Model endpoint refused the key (401)' };

describe('outageCause', () => {
  it('is undefined for a run without errored episodes, or with fewer than the allowed share', () => {
    expect(outageCause(tallyErrors([completed, completed]), 0)).toBeUndefined();
    expect(outageCause(tallyErrors([completed, refused, completed, completed]), 0.25)).toBeUndefined();
  });

  it('names the cause and the allowed share when errors exceed it', () => {
    const cause = outageCause(tallyErrors([completed, refused]), 0);
    expect(cause).toBe('1 of 2 episodes (50.0%) errored, not judged. Cause (1): Model endpoint refused the key (401). --max-error-rate allows 0.0%.');
  });

  it('makes a run with errored episodes and no judged one an outage whatever share is allowed', () => {
    const tally = tallyErrors([refused, refused, { status: 'running', note: null }]);
    expect(tally).toMatchObject({ episodes: 2, errors: 2, judged: 0 });
    expect(outageCause(tally, 1)).toBe(
      '2 of 2 episodes (100.0%) errored, not judged. Cause (2): Model endpoint refused the key (401). No episode was judged, so nothing was measured.',
    );
  });

  it('points at the other causes with the command the caller gives (the run and its database)', () => {
    const tally = tallyErrors([refused, refused, { status: 'error', note: 'server lab exited' }]);
    expect(outageCause(tally, 0)).toContain('Cause (2): Model endpoint refused the key (401). 1 other cause in `tdo traces list --errored`.');
    expect(outageCause(tally, 0, 'tdo traces list --run r-1 --errored --db x.db')).toContain(
      '1 other cause in `tdo traces list --run r-1 --errored --db x.db`.',
    );
  });

  it('is undefined for a run that finished no episode at all (nothing errored, nothing to report)', () => {
    expect(outageCause(tallyErrors([]), 0)).toBeUndefined();
  });
});

describe('ErrorBudget', () => {
  it('is exhausted once errors pass the allowed share of the planned episodes', () => {
    const budget = new ErrorBudget(0.25, 8);
    budget.record('error');
    budget.record('completed');
    budget.record('error');
    expect(budget.exhausted).toBe(false);
    budget.record('error');
    expect(budget.exhausted).toBe(true);
  });
});
