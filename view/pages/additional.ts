// The pages of searches, versions and experiments (docs/view.md, "Searches, versions and experiments"), appended
// to the viewer's pages in view/pages/index.ts.
import type { ViewPage } from '../page.ts';
import { SEARCH_PAGE } from './search.ts';

export const SEARCH_AND_REVIEW_PAGES: readonly ViewPage[] = [SEARCH_PAGE];
