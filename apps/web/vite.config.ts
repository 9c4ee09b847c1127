import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { chunkModulesPlugin } from './vite-chunk-modules.ts';
import { compileHintsPlugin } from './vite-compile-hints.ts';
import { gridLazySlotsPlugin } from './vite-grid-lazy-slots.ts';
import { htmlCommentsPlugin } from './vite-html-comments.ts';
import { precompressPlugin } from './vite-precompress.ts';
import { startPreloadsPlugin } from './vite-start-preloads.ts';
import { startStylesPlugin } from './vite-start-styles.ts';

export default defineConfig(({ mode }) => {
  // API_URL lets the dev server proxy to an API on another port (default: the API's 3000).
  const apiTarget = loadEnv(mode, '.', '').API_URL || 'http://localhost:3000';
  return {
    plugins: [
      react(),
      gridLazySlotsPlugin(),
      chunkModulesPlugin(),
      startPreloadsPlugin(),
      startStylesPlugin(),
      compileHintsPlugin(),
      htmlCommentsPlugin(),
      precompressPlugin(),
    ],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget },
        '/apps': { target: apiTarget },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each page module brings (scripts/check-spa-budgets.ts).
      manifest: true,
      // The entry chunk is ~500 kB minified (~135 KB brotli). What counts is what is sent,
      // checked per page by scripts/check-spa-budgets.ts, not this per-file warning.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically (React, the router, MUI's core, the app's
          // providers) in one chunk instead of ~20 small ones: each file costs a request and
          // about 1 KB of headers, and one large file compresses better (decision 025).
          // Lazy pages and their libraries keep rolldown's automatic split.
          codeSplitting: {
            groups: [
              { name: 'initial', tags: ['$initial'], priority: 40 },
              // Rolldown's runtime (the lazy import helper) with the entry, where it was a 1.2 KB file of
              // its own on every page (ADR 055).
              { name: 'initial', test: /rolldown[\\/]runtime/, priority: 41 },
              // The router, the ability and the route table (app-routes.tsx, ADR 050): every page
              // but a first visit to /login. Only what the test names: pulled-in dependencies
              // (MUI parts the error pages share with the sign-in form) would drag this chunk
              // into /login.
              {
                name: 'app-routes',
                priority: 35,
                includeDependenciesRecursively: false,
                test: /node_modules[\\/](react-router|@casl|@ucast)[\\/]|src[\\/](app[\\/](app-routes|router|route-table|route-types|route-gate|access|root-layout|route-progress|route-error-page)\.|lib[\\/]ability\.|features[\\/]errors[\\/](not-authorized-page|server-error-page|error-screen)\.)|@mui[\\/]material[\\/](esm[\\/])?LinearProgress[\\/]|@mui[\\/]icons-material[\\/](esm[\\/])?(LockOutlined|ReportProblemOutlined)\.|shared[\\/]src[\\/](ability|pipelines)\./,
              },
              // The sign-in form (decision 069): its code and MUI's input parts are two chunks of their
              // own, which /login, the sign-in-again dialog and the lists' forms load, and /home does
              // not. What the form shares with the shell (buttons, links, typography, cards, alerts) is
              // the `login` chunk below it: sign-in → mui-inputs → login, never back.
              {
                name: 'sign-in',
                priority: 32,
                includeDependenciesRecursively: false,
                test: /src[\\/](app[\\/]sign-in-start|features[\\/]auth[\\/](sign-in-card|sign-in-fields|outlined-field|use-sign-in-steps|sign-in-messages))\./,
              },
              {
                name: 'mui-inputs',
                priority: 31,
                includeDependenciesRecursively: false,
                test: /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(InputBase|OutlinedInput|InputLabel|FormControl|FormLabel|FormHelperText|InputAdornment|TextareaAutosize)[\\/]|@mui[\\/]icons-material[\\/](esm[\\/])?(Visibility|VisibilityOff)\./,
              },
              {
                name: 'login',
                priority: 30,
                test: /src[\\/](app[\\/]sign-in-start|features[\\/]auth[\\/](sign-in-card|sign-in-fields|outlined-field|use-sign-in-steps|sign-in-messages)|lib[\\/]form-data|components[\\/]brand-logo)/,
              },
              {
                name: 'shell',
                priority: 20,
                // With the problem parser, the date formats, Stack and Skeleton (ADR 055): /home and the
                // lists use them all, each was a file of its own of 1–2 KB with its headers.
                test: /src[\\/](app[\\/](layout[\\/](vertical-shell|vertical-layout|app-bar-content|footer|nav[\\/]|screen-settings|scroll-to-top\.|skip-link|forced-steps|customizer[\\/]customizer-cog|toast-provider|user-dropdown|mode-toggler|search[\\/]search-button)|page-providers|shell-store|store)|features[\\/]auth[\\/]session-guard|lib[\\/](api|problem|format-date)\.ts)|@mui[\\/]material[\\/](esm[\\/])?(Skeleton|Stack)[\\/]/,
              },
              // What the list pages share (ADR 050), each in one file instead of a dozen of 1–8 KB,
              // every one with its headers: the data grid and its virtualizer; the MUI parts of
              // forms and grids (not those of /home's tiles, which the check keeps under its
              // budget).
              {
                name: 'grid',
                priority: 15,
                includeDependenciesRecursively: false,
                test: /node_modules[\\/](@mui[\\/](x-data-grid|x-virtualizer|x-internals)|@base-ui[\\/]utils)[\\/]|src[\\/]components[\\/]data-table[\\/]grid-lazy-slots[\\/]/,
              },
              // The lists' own kit (ADR 055): the data table, its URL state, filters, cells and header, the
              // delete confirmation and the row action icons, which were a dozen files of 0.1–1 KB. App
              // modules and icons only, and not the grid's lazy slots (they go with the grid): a module
              // here that the grid or the form parts import would make their chunks and this one import
              // each other, and such a cycle ran a module before the one it needs (a blank list page).
              {
                name: 'list-kit',
                priority: 16,
                includeDependenciesRecursively: false,
                // With the endpoints of the resources the list pages show or pick from (decision 079).
                test: /src[\\/]components[\\/](data-table[\\/](?!grid-lazy-slots)|confirm[\\/]|form[\\/]notify\.)|src[\\/]entities[\\/](agents|companies|industries|lead-sources|stages|users)[\\/]api\.|@mui[\\/]icons-material[\\/](esm[\\/])?(Add|EditOutlined|DeleteOutlined|ViewColumn|Download)\./,
              },
              // The user list and what it shares with the user forms, in one file rather than four of
              // 0.1–0.8 KB each with its headers (ADR 055).
              {
                name: 'users',
                priority: 13,
                includeDependenciesRecursively: false,
                test: /src[\\/]features[\\/]users[\\/](user-list-page|api|user-labels)\.|shared[\\/]src[\\/](user-rules|roles)\./,
              },
              // The merchant list pages and the parts they share with the board and the merchant view
              // (decision 058): filters, columns, lookups, view switcher, export, row and bulk actions,
              // with the zod-free enums and the options endpoints they read, in one file where they were
              // six (each small one with about 0.9 KB of headers). The merchant schemas, view and board
              // import this chunk; it imports none of theirs, so no cycle.
              {
                name: 'merchant-lists',
                priority: 12,
                includeDependenciesRecursively: false,
                test: /src[\\/]features[\\/]merchants[\\/](list[\\/](merchant-list-pages?|merchant-row-actions|bulk-actions|merchant-count|merchant-filters|merchant-columns|merchant-list-api|use-merchant-lookups|export-button|view-switcher|lazy-picker-filter|merchant-query|merchant-views|days-in-stage|stage-chip)|view[\\/]merchant-options-api)\.|src[\\/]entities[\\/]merchants[\\/]list-api\.|shared[\\/]src[\\/](merchant-enums|risk-levels)\.|@mui[\\/]material[\\/](esm[\\/])?ButtonGroup[\\/]|@mui[\\/]icons-material[\\/](esm[\\/])?(TableRowsOutlined|ViewKanbanOutlined|WarningAmber|FilterList|OpenInNewOutlined|RestoreFromTrashOutlined)\./,
              },
              // With the small helpers the grid and these parts share (Babel's, use-sync-external-store,
              // ClickAwayListener, number formats: ADR 055), leaves that import nothing back.
              {
                name: 'mui-forms',
                priority: 14,
                includeDependenciesRecursively: false,
                test: /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(TextField|FilledInput|Input|NativeSelect|Select|TablePagination|TablePaginationActions|Table|TableCell|FormControlLabel|Checkbox|Switch|internal|ClickAwayListener|locale)[\\/]|node_modules[\\/](use-sync-external-store|@babel[\\/]runtime)[\\/]|@mui[\\/]utils[\\/](esm[\\/])?(useForcedRerendering|getValidReactChildren)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
