// Objective-agnostic edits to one description, written as sentences a careful engineer would write after
// reading the trajectories: what the tool is for (by kind, from the requests it served), what it accepts
// (from what its errors enumerate), what it does not do (from calls that went wrong), what it returns and a
// worked example (from calls that worked and were executed); and, needing no train task, what it takes (from
// its input schema) and which sibling does something else to the same things (from the server's tool names).
// They read what happened (tasks, calls, outcomes) and what the server lists, never the score or feedback of
// the target. No edit pastes a request's words as a list or more than a short fragment of a
// tool result, and none deletes a sentence that states a limit.
import type { Rng } from '../../engine/rng.ts';
import type { EpisodeView } from '../../adapter/reflection.ts';

export interface EditContext {
  text: string;
  views: readonly EpisodeView[];
  rng: Rng;
  /** the server's other tools, by name: a sentence sending requests to one of them states a limit */
  siblings: readonly string[];
  /** the tool being rewritten, by its own name on the server */
  component: string;
  /** the tool's input schema as the server lists it (untrusted: read through a zod schema), when known */
  inputSchema?: unknown;
  /** the server's descriptions as they stand, by tool, when known: what a sibling says of itself */
  texts?: Readonly<Record<string, string>>;
}

export interface Edit {
  text: string;
  /** what was added or removed, for the record */
  change: string;
}

/**
 * The edit kinds (say when to use it, say what it does not do, say what it accepts
 * and returns, add or remove assertive claims, add an example, tighten wording). Each kind is drawn equally
 * often however many operators implement it, so refining one kind does not crowd the others out.
 */
export type EditKind = 'use-for' | 'not-for' | 'accepts' | 'add-claim' | 'remove-claim' | 'example' | 'tighten';

/** One kind of edit: a file in operators/, listed in EDIT_OPERATORS (edit-operators.ts). */
export interface EditOperator {
  readonly name: string;
  readonly kind: EditKind;
  /** undefined when the operator has nothing to work with */
  apply(ctx: EditContext): Edit | undefined;
}
