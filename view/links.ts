// Where a run, a search, an episode and an experiment are shown.
export const experimentHref = (id: string) => `/experiments/${encodeURIComponent(id)}`;

export const runHref = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

export const searchHref = (runId: string) => `/searches/${encodeURIComponent(runId)}`;

export const episodeHref = (episodeId: string) => `/episodes/${encodeURIComponent(episodeId)}`;
