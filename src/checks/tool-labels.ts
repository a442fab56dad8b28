/** Whether a plan label ("tool" or "server/tool") names this server's tool. */
export function labelMatches(label: string, server: string, tool: string): boolean {
  const slash = label.indexOf('/');
  return slash < 0 ? label === tool : label.slice(0, slash) === server && label.slice(slash + 1) === tool;
}

/**
 * The name a tool of `server` gives a plan label's tool, as its description would write it: the label itself
 * when it names no server ("tool"), the tool part when it names this server ("server/tool"), and undefined
 * for another server's tool, which a description cannot name the way the host will show it.
 */
export function siblingName(label: string, server: string | undefined): string | undefined {
  const slash = label.indexOf('/');
  if (slash < 0) return label;
  return label.slice(0, slash) === server ? label.slice(slash + 1) : undefined;
}
