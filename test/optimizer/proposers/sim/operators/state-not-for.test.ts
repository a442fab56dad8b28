import { describe, expect, it } from 'vitest';
import { stateNotFor } from '../../../../../optimizer/proposers/sim/operators/state-not-for.ts';
import { call, CONVERT_STEP, READ_STEP, record } from '../../records.ts';
import { apply, rng, texts } from './apply-operator.ts';

describe('state-not-for', () => {
  it('names the job of the tool that was right where this one failed, by the tool name', () => {
    const failed = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['read_file'] }] });
    expect(apply(stateNotFor, 'Convert a value.', [failed])?.text).toBe('Convert a value. It does not read files; use read_file instead.');
    const more = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['list_directory'] }] });
    expect(apply(stateNotFor, 'Convert a value. It does not read files; use read_file instead.', [more])?.text).toBe(
      'Convert a value. It does not read files or list directories; use read_file or list_directory instead.',
    );
    // a name that states no job (no verb, or no object) is never the one to use instead: "work as a calculator" says nothing a reviewer can check
    const calculator = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['calculator'] }] });
    expect(apply(stateNotFor, 'Convert a value.', [calculator])).toBeUndefined();
  });

  it("names the step's first tool only: later labels are alternatives that also work", () => {
    const failed = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['calculator', 'smart_compute'] }] });
    for (const text of texts(stateNotFor, 'Convert a value.', [failed])) expect(text).not.toContain('smart_compute');
  });

  it("writes a label's tool as its own server names it, never another server's tool, and never a bare verb as the job", () => {
    // split_bill of the money server went wrong where convert (money/convert) and calc/percentage were right
    const failed = (tools: string[]) =>
      record({
        usedComponent: true,
        calls: [call({ name: 'split_bill', server: 'money' })],
        steps: [{ ...READ_STEP, tools }],
      });
    expect(apply(stateNotFor, 'Split a bill.', [failed(['money/convert'])])).toBeUndefined();
    expect(apply(stateNotFor, 'Split a bill.', [failed(['money/read_file'])])?.text).toBe('Split a bill. It does not read files; use read_file instead.');
    // a seller's own open_negotiation is not another seller's: naming it would make the sentence false
    expect(apply(stateNotFor, 'Split a bill.', [failed(['calc/percentage'])])).toBeUndefined();
    for (const text of texts(stateNotFor, 'Split a bill.', [failed(['calc/percentage']), failed(['money/convert'])])) expect(text).not.toMatch(/\//);
  });

  it("names another tool's job in the words of that tool's whole name, never a noun cut from it", () => {
    const chosenFor = (tool: string) => record({ usedComponent: true, steps: [{ ...READ_STEP, tools: [tool] }] });
    expect(apply(stateNotFor, 'Create an issue.', [chosenFor('add_issue_comment')])?.text).toBe(
      'Create an issue. It does not add issue comments; use add_issue_comment instead.',
    );
    expect(apply(stateNotFor, 'Create a pull request.', [chosenFor('create_pull_request_review')])?.text).toBe(
      'Create a pull request. It does not create pull request reviews; use create_pull_request_review instead.',
    );
    // never a job this tool's own description claims: "does not read text files" would be false of read_file
    const reader = stateNotFor.apply({ text: 'Read a file.', views: [chosenFor('read_text_file')], rng: rng(), siblings: [], component: 'read_file' });
    expect(reader).toBeUndefined();
  });

  it('says nothing without an episode in which this tool was chosen for a step the labels give the other tool', () => {
    // its own step only, called once: nothing shows it was chosen for the other step
    const ownAndOther = record({
      usedComponent: true,
      calls: [call()],
      steps: [CONVERT_STEP, { ...READ_STEP, tools: ['read_file'] }],
    });
    expect(apply(stateNotFor, 'Convert a value.', [ownAndOther])).toBeUndefined();
    // called twice with one step of its own: one call went to the other step
    expect(apply(stateNotFor, 'Convert a value.', [{ ...ownAndOther, calls: [call(), call()] }])?.text).toMatch(/use read_file instead/);
    // no trajectory: nothing was chosen
    expect(
      apply(stateNotFor, 'Convert a value.', [record({ observed: false, usedComponent: false, steps: [{ ...READ_STEP, tools: ['read_file'] }] })]),
    ).toBeUndefined();
  });

  it('says nothing from tasks that succeeded or in which the tool was not called', () => {
    expect(apply(stateNotFor, 'Convert a value.', [record({ steps: [READ_STEP] })])).toBeUndefined();
    expect(apply(stateNotFor, 'Convert a value.', [record({ usedComponent: true, success: true, steps: [READ_STEP] })])).toBeUndefined();
  });
});
