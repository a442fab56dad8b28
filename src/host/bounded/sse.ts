import type { RequestId } from '@modelcontextprotocol/client';
import { MAX_MESSAGE_BYTES, oversizeReason, oversizeReply } from './limit.ts';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Passes a server-sent event stream on one whole event at a time, holding at most `limit` bytes of one. An event
 * past the limit in the stream answering request `id` is replaced by an error reply to that request, and the
 * stream ends there (the request is answered); in a stream answering no request (the GET stream) it ends the
 * stream with the reason, which the SDK reports and reconnects from.
 */
export function sseEventLimit(id: RequestId | undefined, limit = MAX_MESSAGE_BYTES): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let atLineStart = true;
  let afterCR = false;
  const overflow = (controller: TransformStreamDefaultController<Uint8Array>) => {
    const reason = oversizeReason('the MCP server sent an event');
    held = [];
    if (id === undefined) return controller.error(new Error(reason));
    controller.enqueue(new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(oversizeReply(id, reason))}\n\n`));
    controller.terminate();
  };
  return new TransformStream({
    transform(chunk, controller) {
      let start = 0;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte === LF && afterCR) {
          afterCR = false;
          continue;
        }
        afterCR = byte === CR;
        if (byte !== LF && byte !== CR) {
          atLineStart = false;
          continue;
        }
        if (!atLineStart) {
          atLineStart = true;
          continue;
        }
        // A blank line: the event ends here (a CRLF's LF, still to come, starts the next one harmlessly).
        const end = i + 1;
        if (heldBytes + end - start > limit) return overflow(controller);
        for (const part of held) controller.enqueue(part);
        controller.enqueue(chunk.subarray(start, end));
        held = [];
        heldBytes = 0;
        start = end;
      }
      if (heldBytes + chunk.length - start > limit) return overflow(controller);
      held.push(chunk.slice(start));
      heldBytes += chunk.length - start;
    },
    flush(controller) {
      for (const part of held) controller.enqueue(part);
    },
  });
}
