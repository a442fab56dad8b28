// How full the pool of model calls was: from each call's start and end, the time with any call in flight and
// the mean number in flight then. A run at the latency bound keeps `concurrency` calls in flight throughout.

export interface Interval {
  start: number;
  end: number;
}

export interface InFlight {
  /** time with at least one call in flight, in the intervals' unit */
  busy: number;
  /** calls in flight on average while any was */
  meanWhileBusy: number;
  /** time with at least `capacity` calls in flight */
  full: number;
}

export function inFlight(intervals: readonly Interval[], capacity: number): InFlight {
  const events = intervals.flatMap(({ start, end }) => [
    { at: start, delta: 1 },
    { at: end, delta: -1 },
  ]);
  // at the same instant, ends before starts: a call that begins as another ends does not overlap it
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let open = 0;
  let last = 0;
  let busy = 0;
  let callTime = 0;
  let full = 0;
  for (const { at, delta } of events) {
    const span = at - last;
    if (open > 0) busy += span;
    if (open >= capacity) full += span;
    callTime += open * span;
    open += delta;
    last = at;
  }
  return { busy, meanWhileBusy: busy === 0 ? 0 : callTime / busy, full };
}
