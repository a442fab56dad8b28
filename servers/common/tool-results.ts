import type { CallToolResult } from '@modelcontextprotocol/server';

/** A successful tool answer: one text block. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A failed tool answer the model reads; the text should say what to do next. */
export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
