/**
 * Whether to write ANSI colors to this stream: only to a terminal, and never when NO_COLOR is set to
 * anything but the empty string (https://no-color.org), so pipes and logs stay plain.
 */
export function colorOn(stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}
