// The per-tool balance of `tdo suite check` (src/suite-check/balance.ts): labelled steps per tool and split
// against the least each split needs, and how many tasks to add where; as printed and as --json gives it.
import { boundedList, counted, lacking, proseList, type Balance, type Split, type StepMinimum, type ToolBalance } from '../../src/index.ts';

export function balanceJson(b: Balance) {
  return {
    minimum: b.minimum,
    tools: b.tools.map((t) => ({ name: t.name, server: t.server, labelled_steps: t.steps, to_add: t.toAdd })),
  };
}

/** Why each split needs what it needs: `train` from the sim proposer's rule, the held-out splits from their intervals. */
function minimumLines(minimum: StepMinimum): string[] {
  const heldOut = (['test', 'paraphrase'] as const).filter((s) => minimum[s] !== undefined);
  return [
    ...(minimum.train === undefined
      ? []
      : [
          `  train needs ${minimum.train} or more per tool: the sim proposer writes a "use it when" sentence only from jobs that come up in ${minimum.train} train tasks or more.`,
        ]),
    ...(heldOut.length === 0
      ? []
      : [
          `  ${proseList(heldOut)} ${heldOut.length === 1 ? 'needs' : 'each need'} ${minimum[heldOut[0]!]} or more per tool for a change in one tool's steps to show: from an assumed 50% to every step succeeding, the 95% interval of the change (Newcombe's, as \`tdo experiment\` reports it) lies above zero only from ${minimum[heldOut[0]!]} steps.`,
        ]),
  ];
}

/** "2 train tasks and 5 test tasks": what one tool lacks. */
function lack(t: ToolBalance): string {
  return proseList((Object.entries(t.toAdd) as Array<[Split, number]>).filter(([, n]) => n > 0).map(([split, n]) => counted(n, `${split} task`)));
}

/** The advice, one line per lack shared by several tools, the most lacking first. */
function adviceLines(tools: readonly ToolBalance[]): string[] {
  const total = (t: ToolBalance) => Object.values(t.toAdd).reduce((a, b) => a + b, 0);
  const groups = new Map<string, string[]>();
  // a stable sort: among tools that lack as much, the suite's order
  for (const t of tools.filter(lacking).sort((a, b) => total(b) - total(a))) groups.set(lack(t), [...(groups.get(lack(t)) ?? []), t.name]);
  const needed = tools.reduce((n, t) => n + total(t), 0);
  const lines = [...groups].map(([what, names]) =>
    names.length === 1 ? `  Add ${what} for ${names[0]}.` : `  Add ${what} for each of ${boundedList(names)}.`,
  );
  return [...lines, `  That is ${counted(needed, 'task')} in all, fewer where one task asks for two of these tools.`];
}

export function renderBalance(b: Balance, server: string | undefined): string {
  const of = server === undefined ? 'the suite' : server;
  const splits = Object.keys(b.minimum) as Split[];
  if (b.tools.length === 0) return `balance: no tool of ${of} has a labelled step, so there is nothing to balance.\n`;
  const enough = !b.tools.some(lacking);
  return [
    `balance of ${of}'s tools (labelled steps per split):`,
    ...minimumLines(b.minimum),
    ...(enough ? [`  Every tool ${server === undefined ? '' : `of ${server} `}the suite asks for has enough in ${proseList(splits)}.`] : adviceLines(b.tools)),
    '',
  ].join('\n');
}
