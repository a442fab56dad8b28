// Every page of `tdo view`, one file a page (CONTRIBUTING.md, "Adding to a family"): the server mounts each at its
// path, and the navigation lists those with a `nav` label, in this order.
import type { ViewPage } from '../page.ts';
import { episodePage } from './episode.ts';
import { runToolsPage } from './run-tools.ts';
import { runPage } from './run.ts';
import { runsPage } from './runs.ts';
import { searchPage } from './search.ts';
import { versionsPage } from './versions.ts';
import { comparePage } from './compare.ts';
import { blamePage } from './blame.ts';
import { contractorPage } from './contractor.ts';
import { experimentsPage } from './experiments.ts';
import { experimentPage } from './experiment.ts';

export const VIEW_PAGES: readonly ViewPage[] = [
  runsPage,
  runPage,
  runToolsPage,
  episodePage,
  searchPage,
  versionsPage,
  comparePage,
  blamePage,
  experimentsPage,
  experimentPage,
  contractorPage,
];
