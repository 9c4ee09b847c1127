import type { HomeSummary } from '@boardwalk/shared/schemas/home';
import { useEffect, useState } from 'react';
import { appFetch } from '../../lib/http.ts';

export const HOME_PATH = '/api/home';

type HomeState = { data: HomeSummary | undefined; isLoading: boolean; isError: boolean };

/**
 * GET /api/home once per visit. Plain appFetch rather than an RTK Query endpoint: /home is a
 * first-load page, and the RTK Query chunk alone would take it past its transfer ceiling
 * (scripts/check-spa-budgets.ts, decision 030); nothing else on the page shares this data.
 */
export function useHomeSummary(): HomeState {
  const [state, setState] = useState<HomeState>({ data: undefined, isLoading: true, isError: false });
  useEffect(() => {
    let live = true;
    appFetch(HOME_PATH, { headers: { Accept: 'application/json, application/problem+json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET ${HOME_PATH}: ${res.status}`);
        const data = (await res.json()) as HomeSummary;
        if (live) setState({ data, isLoading: false, isError: false });
      })
      .catch(() => {
        if (live) setState({ data: undefined, isLoading: false, isError: true });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
