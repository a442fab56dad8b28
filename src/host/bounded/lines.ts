import { EnvelopeScanner, type Envelope } from './envelope.ts';
import { MAX_MESSAGE_BYTES } from './limit.ts';

/** A line of a stdio MCP stream: its text, or, past the limit, only its size and envelope. */
export type FramedLine = { line: string } | { oversize: Envelope & { bytes: number } };

const NEWLINE = 0x0a;

/**
 * How far a line past the limit is read on to find its end: a peer still writing one line this long (a flood with no
 * newline) is broken, and waiting for the end would leave the requests it owes unanswered for as long as it writes.
 */
export const MAX_SKIPPED_LINE_BYTES = 8 * MAX_MESSAGE_BYTES;

/** Thrown by `append` when a line passes MAX_SKIPPED_LINE_BYTES: the stream is to be cut and its peer reported broken. */
export class EndlessLineError extends Error {
  override name = 'EndlessLineError';
}

/**
 * Splits a stdio stream into newline-delimited messages, holding at most `limit` bytes of one: a longer line is
 * read on to its end through an EnvelopeScanner only, so memory stays bounded however long it is, and the
 * stream goes on with the next line. (The SDK's ReadBuffer throws at its limit and drops the stream instead.)
 */
export class BoundedLines {
  private chunks: Buffer[] = [];
  private length = 0;
  private oversize: { scanner: EnvelopeScanner; bytes: number } | undefined;
  private readonly ready: FramedLine[] = [];

  constructor(
    private readonly limit = MAX_MESSAGE_BYTES,
    private readonly endless = MAX_SKIPPED_LINE_BYTES,
  ) {}

  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  /** The next complete line, oldest first. */
  next(): FramedLine | undefined {
    return this.ready.shift();
  }

  clear(): void {
    this.chunks = [];
    this.length = 0;
    this.oversize = undefined;
    this.ready.length = 0;
  }

  private take(part: Buffer): void {
    if (this.oversize !== undefined) {
      this.oversize.scanner.write(part);
      this.oversize.bytes += part.length;
    } else if (this.length + part.length <= this.limit) {
      this.chunks.push(part);
      this.length += part.length;
      return;
    } else {
      // Past the limit: what was held goes through the scanner once, then the held bytes are let go.
      const scanner = new EnvelopeScanner();
      for (const held of [...this.chunks, part]) scanner.write(held);
      this.oversize = { scanner, bytes: this.length + part.length };
      this.chunks = [];
      this.length = 0;
    }
    if (this.oversize.bytes > this.endless) {
      this.clear();
      throw new EndlessLineError(
        `wrote more than ${this.endless.toLocaleString('en-US')} bytes with no end of line (a message may have at most ${this.limit.toLocaleString('en-US')}); cut off as broken`,
      );
    }
  }

  private endLine(): void {
    if (this.oversize !== undefined) {
      this.ready.push({ oversize: { ...this.oversize.scanner.envelope(), bytes: this.oversize.bytes } });
      this.oversize = undefined;
      return;
    }
    const line = Buffer.concat(this.chunks, this.length).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.length = 0;
    if (line.trim() !== '') this.ready.push({ line });
  }
}
