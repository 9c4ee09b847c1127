import path from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';
import { FRAME_SEEDS, START_PAGES } from './start-pages.ts';

/** A folder of the web app's sources, or a package in node_modules, as a pattern on module ids. */
const src = (...folders: string[]) => folders.map((folder) => `src[\\\\/]${folder.split('/').join('[\\\\/]')}[\\\\/]`);
const pkg = (...names: string[]) => names.map((name) => `node_modules[\\\\/]${name.split('/').join('[\\\\/]')}[\\\\/]`);
/** Components of a package that keeps one folder or file per component (`@mui/material/Select/`). */
const parts = (scope: string, names: string) => [
  `node_modules[\\\\/]${scope.split('/').join('[\\\\/]')}[\\\\/](esm[\\\\/])?(${names.split(' ').join('|')})([\\\\/]|\\.)`,
];
const any = (...patterns: string[][]) => new RegExp(patterns.flat().join('|'));

/** The frame's start modules, as absolute ids: the group takes them with everything they import. */
const absolute = (module: string) => path.resolve(import.meta.dirname, '..', module);
const frame = new Set(FRAME_SEEDS.map(absolute));
/** What /home and the lists share beside the frame: the app's top-level helpers, MUI's Stack and Skeleton. */
const SHARED = any([`src[\\\\/](lib|hooks)[\\\\/][^\\\\/]+$`], parts('@mui/material', 'Skeleton Stack'));

/** Entities (one folder per resource, apps/web/src/entities) whose options every list's pickers ask. */
const PICKER_ENTITIES = ['users', 'companies', 'agents', 'industries', 'lead-sources', 'stages'];

/** A page of start-pages.ts with what it imports, less what a group above took. */
const pageGroups = START_PAGES.filter((page) => page.path !== '/login').map((page) => {
  const seeds = new Set(page.seeds.map(absolute));
  return { name: page.path.slice(1).replace(/\//g, '-'), priority: 12, test: (id: string) => seeds.has(id) };
});

/**
 * How the build splits the web app into files (decision 080). Rules name folders of src/ and
 * packages, never an app module, so renaming or moving a file inside a folder does not move
 * code between files; the one exception is the frame, which is the start modules of
 * start-pages.ts with all they import (a renamed start module fails the build, it does not move
 * code silently). Higher priority takes a module first; `deps: false` groups take only the
 * modules their rule names, so what those share with a lighter page stays in that page's file.
 * Everything no rule takes (a page, the entities it uses, its lazy parts) is split by rolldown
 * by which pages load it.
 */
export const CHUNK_GROUPS: CodeSplittingGroup[] = [
  // All the entry imports statically, in one file (decision 047).
  { name: 'initial', tags: ['$initial'], priority: 40 },
  // The sign-in form: its folders (decision 069); MUI's input parts; what it shares with the
  // shell (buttons, links, typography, cards) with everything the form imports: sign-in →
  // mui-inputs → login, never back.
  {
    name: 'sign-in',
    priority: 32,
    includeDependenciesRecursively: false,
    test: any(src('app/sign-in', 'features/auth/sign-in')),
  },
  {
    name: 'mui-inputs',
    priority: 31,
    includeDependenciesRecursively: false,
    test: any(
      parts(
        '@mui/material',
        'InputBase OutlinedInput InputLabel FormControl FormLabel FormHelperText InputAdornment TextareaAutosize',
      ),
      parts('@mui/icons-material', 'Visibility VisibilityOff'),
    ),
  },
  { name: 'login', priority: 30, test: any(src('app/sign-in', 'features/auth/sign-in')) },
  // The frame every signed-in page loads: the router, the route table, the shell, the session
  // guard, with all they import (decision 050's app-routes and shell, one file).
  {
    name: 'app',
    priority: 20,
    test: (id) => frame.has(id) || SHARED.test(id),
  },
  // The lists' grid (MUI X, MIT) and the wrappers of its lazy slots (decision 055).
  {
    name: 'grid',
    priority: 17,
    includeDependenciesRecursively: false,
    test: any(
      pkg('@mui/x-data-grid', '@mui/x-virtualizer', '@mui/x-internals', '@base-ui/utils'),
      src('components/data-table/grid-lazy-slots'),
    ),
  },
  // The lists' own kit: the data table and the delete confirmation (decision 055).
  {
    name: 'list-kit',
    priority: 13,
    // With the entities of the resources the lists pick from (users, companies, agents…): every
    // list page's filters and forms ask them, so they stay out of any one page's file.
    test: any(
      src('components/data-table', 'components/confirm'),
      src(...PICKER_ENTITIES.map((entity) => `entities/${entity}`)),
      parts('@mui/icons-material', 'Add EditOutlined DeleteOutlined ViewColumn Download'),
    ),
  },
  // MUI's form and table parts the grid and the lists' forms share, with the small helpers they
  // import (decision 055).
  {
    name: 'mui-forms',
    priority: 14,
    includeDependenciesRecursively: false,
    test: any(
      parts(
        '@mui/material',
        'TextField FilledInput Input NativeSelect Select TablePagination TablePaginationActions Table TableCell FormControlLabel Checkbox Switch internal ClickAwayListener locale',
      ),
      parts('@mui/utils', 'useForcedRerendering getValidReactChildren'),
      pkg('use-sync-external-store', '@babel/runtime'),
    ),
  },
  ...pageGroups,
];
