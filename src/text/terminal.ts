/**
 * Characters a terminal acts on instead of showing: C0 controls but tab and line feed (escape sequences that set
 * the window title or clear the screen start with ESC; BEL, backspace and carriage return rewrite what is shown),
 * DEL, C1 controls (U+009B is a one-character CSI), and the bidirectional overrides and isolates that reorder
 * what a reader sees.
 */
const ACTS_ON_TERMINAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside (tool names, descriptions, results, answers, messages) made safe to print: each character a
 * terminal would act on is written as its escape (`\x1b`, `\u202e`), so it shows and does nothing. Tabs and line
 * breaks stay, for the layout. Only what is printed goes through here: the store and shipped files keep the text as
 * the server sent it. The result has no such character left, so escaping twice changes nothing.
 */
export function terminalSafe(text: string): string {
  return text.replace(ACTS_ON_TERMINAL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
