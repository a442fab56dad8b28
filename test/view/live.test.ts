// The live events: `/events` sends `change` once another connection commits to the store, and nothing before.
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { viewApp } from '../../view/app.ts';
import { handRun } from '../support/hand-recorded.ts';
import { tempStore } from '../support/lab-runs.ts';

/** Reads server-sent events off a stream, one `event:` name each. */
function eventNames(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    async next(): Promise<string> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          return /^event: (.+)$/m.exec(block)?.[1] ?? '';
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffered += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('live events', () => {
  it('fires when another connection commits, and serves the script that follows them', async () => {
    const store = tempStore();
    const writer = openTraceStore(store.path);
    try {
      const app = viewApp(store, { pollMs: 10 });
      const response = await app.request('/events');
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const events = eventNames(response.body!);
      expect(await events.next()).toBe('ready');
      const before = store.dataVersion();
      handRun(writer);
      expect(await events.next()).toBe('change');
      expect(store.dataVersion()).not.toBe(before);
      await events.cancel();

      const script = await app.request('/live.js');
      expect(script.headers.get('content-type')).toContain('text/javascript');
      expect(await script.text()).toContain("new EventSource('/events')");
    } finally {
      writer.close();
      store.close();
    }
  });

  it('marks a running run live and a finished one not', async () => {
    const store = tempStore();
    try {
      const runId = handRun(store);
      const app = viewApp(store);
      expect(await (await app.request(`/runs/${runId}`)).text()).toContain('src="/live.js"');
      store.setRunStatus(runId, 'completed');
      expect(await (await app.request(`/runs/${runId}`)).text()).not.toContain('src="/live.js"');
    } finally {
      store.close();
    }
  });
});
