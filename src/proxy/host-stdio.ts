import type { Transport } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { BoundedReadBuffer, withBoundedReading, type OversizeMessage } from '../host/bounded/read-buffer.ts';

/** The host's side of a proxy, told of each message past the limit that it did not pass on. */
export interface HostTransport extends Transport {
  onoversize?: (message: OversizeMessage) => void;
}

/**
 * The SDK's stdio server transport over this process's stdin and stdout, reading the host's messages through a
 * BoundedReadBuffer: at its own limit the SDK's transport would end the session.
 */
export function hostStdioTransport(): HostTransport {
  const transport: HostTransport = new StdioServerTransport(process.stdin, process.stdout);
  return withBoundedReading(
    transport,
    new BoundedReadBuffer((message) => {
      transport.onoversize?.(message);
      return undefined;
    }),
  );
}
