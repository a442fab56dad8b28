import type { RequestId } from '@modelcontextprotocol/client';

/** What an oversize message said about itself: enough to answer it or record it, none of its content. */
export interface Envelope {
  id?: RequestId;
  method?: string;
  /** `params.name`: the tool a tools/call names. */
  name?: string;
}

/** A captured key or value longer than this is not one of the short ones an envelope needs. */
const MAX_CAPTURE_BYTES = 512;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

interface Frame {
  array: boolean;
  /** the key of the member being read, in an object */
  key: string | undefined;
  awaitingKey: boolean;
}

/**
 * Reads one JSON value a chunk at a time and keeps only `id`, `method` and `params.name`, so that a message too
 * long to hold can still be answered under its id and recorded under its tool. Hand-written because the streaming
 * JSON parsers on npm either hand each whole string value over at once (a 200 MB result would be held) or run
 * as asynchronous streams, which the line readers that use this cannot wait for; this needs only a few bytes of
 * state and a key path two levels deep.
 */
export class EnvelopeScanner {
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  /** bytes of the key or wanted value being read, with its quotes for a string; undefined when not capturing */
  private token: number[] | undefined;
  private tokenIsKey = false;
  private tokenTooLong = false;
  private readonly found: Envelope = {};

  write(chunk: Uint8Array): void {
    for (const byte of chunk) this.step(byte);
  }

  /** What was found; a value still being read at the end (no closing delimiter) is taken as it stands. */
  envelope(): Envelope {
    this.endScalar();
    return { ...this.found };
  }

  private step(byte: number): void {
    if (this.inString) return this.stringByte(byte);
    if (byte === QUOTE) {
      this.inString = true;
      const top = this.stack.at(-1);
      this.tokenIsKey = top !== undefined && !top.array && top.awaitingKey;
      this.token = this.tokenIsKey || this.wanted() !== undefined ? [byte] : undefined;
      return;
    }
    if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
      this.stack.push({ array: byte === 0x5b, key: undefined, awaitingKey: byte === 0x7b });
      return;
    }
    if (byte === 0x7d /* } */ || byte === 0x5d /* ] */ || byte === 0x2c /* , */ || WHITESPACE.has(byte)) {
      this.endScalar();
      if (byte === 0x2c) {
        const top = this.stack.at(-1);
        if (top !== undefined && !top.array) Object.assign(top, { key: undefined, awaitingKey: true });
      } else if (!WHITESPACE.has(byte)) this.stack.pop();
      return;
    }
    if (byte === 0x3a /* : */) {
      const top = this.stack.at(-1);
      if (top !== undefined) top.awaitingKey = false;
      return;
    }
    // a number, true, false or null
    if (this.token === undefined && this.wanted() !== undefined) this.token = [];
    this.capture(byte);
  }

  private stringByte(byte: number): void {
    this.capture(byte);
    if (this.escaped) this.escaped = false;
    else if (byte === BACKSLASH) this.escaped = true;
    else if (byte === QUOTE) {
      this.inString = false;
      const text = this.takeToken();
      if (this.tokenIsKey) {
        const top = this.stack.at(-1);
        if (top !== undefined) top.key = text === undefined ? '' : String(text);
      } else this.keep(text);
    }
  }

  private capture(byte: number): void {
    if (this.token === undefined) return;
    if (this.token.length >= MAX_CAPTURE_BYTES) this.tokenTooLong = true;
    else this.token.push(byte);
  }

  private endScalar(): void {
    if (this.inString || this.token === undefined) return;
    this.keep(this.takeToken());
  }

  private takeToken(): unknown {
    const [bytes, tooLong] = [this.token, this.tokenTooLong];
    this.token = undefined;
    this.tokenTooLong = false;
    if (bytes === undefined || bytes.length === 0 || tooLong) return undefined;
    try {
      return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }

  /** Which envelope field the value about to be read is, if any. */
  private wanted(): keyof Envelope | undefined {
    const [first, second] = this.stack;
    if (this.stack.length === 1 && first!.key === 'id') return 'id';
    if (this.stack.length === 1 && first!.key === 'method') return 'method';
    if (this.stack.length === 2 && first!.key === 'params' && !second!.array && second!.key === 'name') return 'name';
    return undefined;
  }

  private keep(value: unknown): void {
    const field = this.wanted();
    if (field === 'id' && (typeof value === 'string' || typeof value === 'number')) this.found.id = value;
    if ((field === 'method' || field === 'name') && typeof value === 'string') this.found[field] = value;
  }
}
