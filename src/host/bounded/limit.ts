import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/client';

/**
 * The most tdo reads of one MCP message (a tool result with its JSON-RPC envelope), on every transport: from a
 * server over stdio or Streamable HTTP, and through `tdo proxy` from either side. It is the MCP SDK's own stdio
 * default (STDIO_DEFAULT_MAX_BUFFER_SIZE), so a server that works under other stdio hosts works under tdo too.
 * Reading stops at the limit: a longer message is never held in memory whole.
 */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** -32603, the JSON-RPC "internal error": what a host shows as the call's failure. */
export const OVERSIZE_ERROR_CODE = -32603;

/** Why a message was not read, naming the limit; `what` is e.g. 'the server sent a message'. */
export function oversizeReason(what: string): string {
  return `${what} of more than ${MAX_MESSAGE_BYTES.toLocaleString('en-US')} bytes (10 MiB), tdo's limit for one MCP message on every transport; tdo stopped reading it`;
}

/** The error reply that stands in for an answer too long to read: the call fails, the connection goes on. */
export function oversizeReply(id: RequestId, reason: string): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: OVERSIZE_ERROR_CODE, message: reason } };
}
