// The pages of searches, versions and experiments (docs/view.md, "Searches, versions and experiments"), appended
// to the viewer's pages in view/pages/index.ts.
import type { ViewPage } from '../page.ts';
import { BLAME_PAGE } from './blame.ts';
import { COMPARE_PAGE } from './compare.ts';
import { CONTRACTOR_PAGE } from './contractor.ts';
import { SEARCH_PAGE } from './search.ts';
import { VERSIONS_PAGE } from './versions.ts';

export const SEARCH_AND_REVIEW_PAGES: readonly ViewPage[] = [SEARCH_PAGE, VERSIONS_PAGE, COMPARE_PAGE, BLAME_PAGE, CONTRACTOR_PAGE];
