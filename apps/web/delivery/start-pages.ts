/**
 * The pages whose first load is budgeted, with the modules that start it (decision 080): one
 * table for the build's chunks (chunk-groups.ts), the start preloads the API names in the page
 * (delivery-plugin.ts) and the transfer budgets (scripts/check-spa-budgets.ts).
 *
 * - `budgetKb`: the most JavaScript a cold visit may transfer (compressed, headers included);
 * - `seeds`: the page's own start modules; every page but /login loads the frame's too;
 * - `preload`: the API names the page's own chunks in a signed-in first load of the address.
 */
export type StartPage = { path: string; budgetKb: number; seeds: string[]; preload?: boolean };

/** The light sign-in (decision 050): what a first visit to /login runs after the entry. */
export const SIGN_IN_SEEDS = ['src/app/sign-in/sign-in-start.tsx'];

/** The frame every other address loads: the route table, the shell and the session guard. */
export const FRAME_SEEDS = [
  'src/app/app-routes.tsx',
  'src/app/layout/vertical-shell.tsx',
  'src/features/auth/session-guard.tsx',
];

export const START_PAGES: StartPage[] = [
  { path: '/login', budgetKb: 120, seeds: SIGN_IN_SEEDS },
  // The page, and its todos tile (home-tiles.tsx requests it when it runs).
  {
    path: '/home',
    budgetKb: 250,
    seeds: ['src/app/home-tiles.tsx', 'src/features/todos/home/my-todos-tile.tsx'],
    preload: true,
  },
  { path: '/user/list', budgetKb: 350, seeds: ['src/features/users/user-list-page.tsx'] },
  // Two more list pages with their grids, so that a cut made for one list that only moves bytes
  // into another shows (decision 055).
  { path: '/company/list', budgetKb: 350, seeds: ['src/features/companies/company-list-page.tsx'] },
  { path: '/merchant/sales', budgetKb: 350, seeds: ['src/features/merchants/list/merchant-list-pages.tsx'] },
];
