// Langfuse ids derived from SQLite ids, so a re-export upserts the same trace, observations and scores.
import { hash } from 'node:crypto';

// The one-shot hash: a Hash object per id cost more than the digest (the export worker derives ids per span and score).
const sha256 = (text: string) => hash('sha256', text, 'hex');

/** The trace of an episode: the first 32 hex digits of SHA-256(episode id), as @langfuse/tracing's createTraceId(seed). */
export function traceIdFor(episodeId: string): string {
  return sha256(episodeId).slice(0, 32);
}

/** The episode's `agent` observation (an OpenTelemetry span id: 16 hex digits). */
export function agentObservationIdFor(episodeId: string): string {
  return sha256(`${episodeId}/agent`).slice(0, 16);
}

/** The observation of step `seq` of the episode. */
export function stepObservationIdFor(episodeId: string, seq: number): string {
  return sha256(`${episodeId}/step/${seq}`).slice(0, 16);
}

/** A trace score, one per (episode, score name), shaped as a UUID. */
export function scoreIdFor(episodeId: string, name: string): string {
  const h = sha256(`${episodeId}/score/${name}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
