import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Envelope } from './envelope.ts';
import { BoundedLines } from './lines.ts';

export type OversizeMessage = Envelope & { bytes: number };

/**
 * The SDK's ReadBuffer (append, readMessage, clear) over BoundedLines: a message past the limit is handed to
 * `oversize`, whose return value (e.g. an error reply standing in for an answer) is read in its place.
 */
export class BoundedReadBuffer {
  private readonly lines = new BoundedLines();

  constructor(private readonly oversize: (message: OversizeMessage) => JSONRPCMessage | undefined) {}

  /** Throws EndlessLineError for a line without end: the SDK's transport then reports it and closes the stream. */
  append(chunk: Buffer): void {
    this.lines.append(chunk);
  }

  readMessage(): JSONRPCMessage | null {
    for (let framed = this.lines.next(); framed !== undefined; framed = this.lines.next()) {
      if ('oversize' in framed) {
        const standIn = this.oversize(framed.oversize);
        if (standIn !== undefined) return standIn;
        continue;
      }
      try {
        return deserializeMessage(framed.line);
      } catch (err) {
        // As the SDK's ReadBuffer does: a line that is not JSON is skipped, one that is JSON but not JSON-RPC throws.
        if (err instanceof SyntaxError) continue;
        throw err;
      }
    }
    return null;
  }

  clear(): void {
    this.lines.clear();
  }
}

/**
 * Puts a BoundedReadBuffer in an SDK stdio transport (client or server) in place of its own, which takes only a
 * size and closes the whole stream when one message passes it. The field is the SDK's (2.4.0); its absence is
 * an error at once rather than a silent return to the SDK's behaviour.
 */
export function withBoundedReading<T extends object>(transport: T, buffer: BoundedReadBuffer): T {
  if (!('_readBuffer' in transport)) throw new Error('the MCP SDK stdio transport has no _readBuffer to replace: update withBoundedReading for this SDK');
  (transport as { _readBuffer: unknown })._readBuffer = buffer;
  return transport;
}
