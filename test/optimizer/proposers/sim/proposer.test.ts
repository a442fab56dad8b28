import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../optimizer/engine/rng.ts';
import type { ToolReflectionRecord } from '../../../../optimizer/adapter/reflection.ts';
import type { EditOperator } from '../../../../optimizer/proposers/sim/edit-operator.ts';
import { EDIT_OPERATORS } from '../../../../optimizer/proposers/sim/edit-operators.ts';
import { addClaim } from '../../../../optimizer/proposers/sim/operators/add-claim.ts';
import { describeUse } from '../../../../optimizer/proposers/sim/operators/describe-use.ts';
import { findableFirst, kindBalancedOrder, SimProposer } from '../../../../optimizer/proposers/sim/proposer.ts';
import { lintGate } from '../../../../experiments/review/lint/gate.ts';
import { lintDescription } from '../../../../experiments/review/lint/lint.ts';
import { NOT_EXECUTED_RESULT } from '../../../../src/text/tdo-text.ts';
import { call, CONVERT_STEP, READ_STEP, record } from '../records.ts';

const request = (dataset: ToolReflectionRecord[], randomSeed: number, text = 'Convert a value.') => ({
  iteration: 1,
  component: 'convert',
  texts: { convert: text },
  dataset,
  randomSeed,
});

/** Rows that give every operator material: a missed task, a failed call of the tool with an enumeration. */
const rich = (target: Partial<ToolReflectionRecord> = {}) => [
  record({ steps: [READ_STEP, CONVERT_STEP], ...target }),
  record({ usedComponent: true, calls: [call({ output: "Unknown unit 'x'. Supported: km, mi, ft.", isError: true }), call()], ...target }),
];

describe('SimProposer', () => {
  it('never reads the target: other scores and feedback give the same proposal', async () => {
    const proposer = new SimProposer();
    for (let seed = 0; seed < 40; seed++) {
      const text = 'Convert a value. Use it for questions about grams. It does not read files; use read_file instead. Highly recommended.';
      const a = await proposer.propose(request(rich(), seed, text));
      const b = await proposer.propose(request(rich({ score: 1, feedback: 'labplus was chosen.' }), seed, text));
      expect(b).toEqual(a);
    }
  });

  it('is deterministic per seed and says it is simulated', async () => {
    const proposer = new SimProposer();
    const a = await proposer.propose(request([record()], 3));
    expect(await proposer.propose(request([record()], 3))).toEqual(a);
    expect(a.detail).toMatchObject({ simulated: true });
  });

  it('refuses when no operator has material, saying why', async () => {
    const proposal = await new SimProposer([describeUse]).propose(request([record({ task: 'only one' })], 1));
    expect(proposal).toMatchObject({ ok: false, detail: { ownTasks: 1 } });
    expect(proposal.ok === false && proposal.reason).toBe(
      "nothing to add: one task of the minibatch is this tool's, and the proposer names only jobs that come up in 2 tasks or more; its schema, results and sibling tools gave nothing the description lacks",
    );
  });

  it('writes whole sentences on a seed without final periods, from selection-only calls, a schema and siblings', async () => {
    const proposer = new SimProposer();
    const selectionOnly = (task: string) =>
      record({ task, usedComponent: true, calls: [call({ args: '{}', output: NOT_EXECUTED_RESULT })], steps: [CONVERT_STEP] });
    const texts = { convert: 'Convert a value between units', convert_currency: 'Convert money between currencies' };
    const inputSchemas = { convert: { properties: { value: { description: 'The number to convert' } }, required: ['value'] } };
    for (let seed = 0; seed < 30; seed++) {
      const proposal = await proposer.propose({ ...request([selectionOnly('a'), selectionOnly('b')], seed), texts, inputSchemas });
      expect(proposal.ok, JSON.stringify(proposal)).toBe(true);
      const text = proposal.ok ? proposal.text : '';
      expect(text, JSON.stringify(proposal.detail)).toMatch(/^Convert a value between units\.(?: |$)/);
      expect(text).toMatch(/[.!?]$/);
      expect(text).not.toContain('not executed');
      const prose = lintDescription('convert', text, { tools: Object.keys(texts) }).filter((f) =>
        ['run-on-sentence', 'tdo-placeholder', 'empty-example'].includes(f.rule),
      );
      expect(prose, text).toEqual([]);
    }
  });

  it('records the operators it applied, one or two, never an edit and its inverse', async () => {
    const proposer = new SimProposer();
    for (let seed = 0; seed < 40; seed++) {
      const proposal = await proposer.propose(request(rich(), seed, 'Convert a value. Highly recommended.'));
      const applied = (proposal.detail as { operators: Array<{ operator: string }> }).operators.map((o) => o.operator);
      expect(applied.length).toBeGreaterThanOrEqual(1);
      expect(applied.length).toBeLessThanOrEqual(2);
      expect(applied.includes('add-claim') && applied.includes('remove-claim')).toBe(false);
    }
  });
});

describe('kindBalancedOrder', () => {
  const op = (name: string, kind: EditOperator['kind']): EditOperator => ({ name, kind, apply: () => undefined });

  it('orders every operator once', () => {
    const order = kindBalancedOrder(EDIT_OPERATORS, new Rng(5)).map((o) => o.name);
    expect([...order].sort()).toEqual(EDIT_OPERATORS.map((o) => o.name).sort());
  });

  it('draws each kind first equally often, however many operators it has', () => {
    const operators = [op('a1', 'use-for'), op('a2', 'use-for'), op('a3', 'use-for'), op('b', 'add-claim')];
    const firsts = Array.from({ length: 600 }, (_, seed) => kindBalancedOrder(operators, new Rng(seed, 'order'))[0]!.name);
    const claimFirst = firsts.filter((n) => n === 'b').length;
    // Uniform over operators would put the claim first 150 times in 600; balanced over kinds, 300.
    expect(claimFirst).toBeGreaterThan(250);
    expect(claimFirst).toBeLessThan(350);
  });

  it('puts the use-for sentence first when a search never returned the tool on a task it is correct for, and only then', () => {
    const order = kindBalancedOrder(EDIT_OPERATORS, new Rng(3, 'order'));
    const unfound = record({ componentFound: false });
    expect(findableFirst(order, [unfound])[0]).toBe(describeUse);
    expect(findableFirst(order, [unfound]).toSorted((a, b) => a.name.localeCompare(b.name))).toEqual(order.toSorted((a, b) => a.name.localeCompare(b.name)));
    expect(findableFirst(order, [record({ componentFound: true })])).toEqual(order);
    expect(findableFirst(order, [record()])).toEqual(order);
    // never found, but on a task that is another tool's: nothing to make findable for
    expect(findableFirst(order, [record({ componentFound: false, steps: [READ_STEP] })])).toEqual(order);
  });

  it("screens its edits through the search's gate: no proposal is spent on text the gate refuses", async () => {
    const proposer = new SimProposer();
    const text = 'Convert a value.';
    const screen = (next: string) => lintGate({ convert: text }, { convert: next }, { toolResults: [] });
    let screened = 0;
    for (let seed = 0; seed < 40; seed++) {
      const proposal = await proposer.propose({ ...request(rich(), seed, text), screen });
      if (proposal.ok) expect(screen(proposal.text), proposal.text).toBeUndefined();
      screened += ((proposal.detail as { screened?: unknown[] }).screened ?? []).length;
    }
    // the claims it draws are what the gate refuses, and each was left out
    expect(screened).toBeGreaterThan(0);
    const onlyClaims = await new SimProposer([addClaim]).propose({ ...request(rich(), 1, text), screen });
    expect(onlyClaims).toMatchObject({ ok: false, detail: { screened: [{ operator: 'add-claim' }] } });
    expect(onlyClaims.ok === false && onlyClaims.reason).toMatch(
      /the gate would refuse the edit it found: (?:inflated-claim|social-proof|unverifiable-claim|model-directive)/,
    );
    // without a gate the same operator writes its claim: the selection target's drift stays visible
    expect(await new SimProposer([addClaim]).propose(request(rich(), 1, text))).toMatchObject({ ok: true });
  });
});
