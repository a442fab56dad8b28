// What a page answers instead of itself: a 404 for an id the store does not hold, a 400 for a query it cannot read.
export class PageError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

export const notFound = (what: string) => new PageError(404, what);
export const badQuery = (what: string) => new PageError(400, what);
