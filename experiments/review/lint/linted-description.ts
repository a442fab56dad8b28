import { withoutTdoText } from '../../../src/index.ts';

/** What the lint can compare a description with, when the caller has it. */
export interface LintContext {
  /** Recorded outputs of the server's tools (successful calls): text copied from them is flagged. */
  toolResults?: readonly string[];
  /** The descriptions this version was derived from, tool -> text: limits they stated and this one dropped are flagged. */
  parent?: Readonly<Record<string, string>>;
  /** The server's tool names: a sentence that sends some requests to another of them ("For later days use get_forecast.") says what this one is not for. */
  tools?: readonly string[];
}

/** One tool's description as every rule's check reads it. */
export class LintedDescription {
  /** What the description itself says: tdo's placeholders ("not executed") state no limit and no purpose. */
  readonly own: string;
  readonly serverTools: readonly string[];
  private readonly readings = new Map<(description: LintedDescription) => unknown, unknown>();

  constructor(
    readonly tool: string,
    readonly text: string,
    readonly context: LintContext,
  ) {
    this.own = withoutTdoText(text);
    this.serverTools = context.tools ?? [];
  }

  /** What `read` makes of this description, made once however many rules ask for it (claims.ts, rules/task-word-list.ts). */
  reading<T>(read: (description: LintedDescription) => T): T {
    if (!this.readings.has(read)) this.readings.set(read, read(this));
    return this.readings.get(read) as T;
  }
}
