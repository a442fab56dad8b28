/** A JSON Schema object as servers advertise it in tools/list. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema & { description?: string }>;
  required?: string[];
  description?: string;
  items?: JsonSchema;
  enum?: unknown[];
  [key: string]: unknown;
};

/** One tool as the agent sees it. `name` is unique in the catalogue (namespaced `server__tool` on collision). */
export interface CatalogueTool {
  name: string;
  server: string;
  /** The tool's own name on its server. */
  tool: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface Catalogue {
  tools: CatalogueTool[];
}

/** What a tool call returned, flattened to the text a model would read. */
export interface ToolOutcome {
  text: string;
  isError: boolean;
  /** The result's structuredContent, when the server sent one (handles, offers, deals). */
  structured?: Record<string, unknown>;
  /**
   * Set when the server could not be reached or did not answer (closed connection, timeout, HTTP failure):
   * an outage, not the tool's answer. A server's own error reply (unknown tool, bad arguments) is not one.
   */
  unreachable?: true;
}

/** Calls a catalogue tool by its catalogue name; the host records the step. Never throws for tool errors. */
export interface ToolInvoker {
  call(toolName: string, args: Record<string, unknown>): Promise<ToolOutcome>;
}
