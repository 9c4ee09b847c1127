import type { SearchResult } from '@boardwalk/shared/schemas/merchant';
import { useCallback, useRef, useState } from 'react';
import { useLazySearchMerchantsQuery } from '../../../entities/search/api.ts';

export type MerchantSearchState = {
  /** The query of the last search (what "No results for …" names). */
  searched: string;
  results: SearchResult[];
  noResults: boolean;
  loading: boolean;
};

const IDLE: MerchantSearchState = { searched: '', results: [], noResults: false, loading: false };

/**
 * The search states: an empty query clears the results and shows the
 * no-results state without asking the server; a failed call is logged and shown as no results.
 * An answer that arrives after a newer search started is dropped.
 */
export function useMerchantSearch() {
  const [state, setState] = useState<MerchantSearchState>(IDLE);
  const [trigger] = useLazySearchMerchantsQuery();
  const latest = useRef(0);

  const run = useCallback(
    async (query: string) => {
      const request = ++latest.current;
      if (query === '') {
        setState({ ...IDLE, noResults: true });
        return;
      }
      setState((s) => ({ ...s, searched: query, loading: true }));
      let results: SearchResult[] = [];
      try {
        results = (await trigger(query, false).unwrap()).data;
      } catch (error) {
        console.error('[search] merchant search failed', error);
      }
      if (request !== latest.current) return;
      setState({ searched: query, results, noResults: results.length === 0, loading: false });
    },
    [trigger],
  );

  const clear = useCallback(() => {
    latest.current += 1;
    setState(IDLE);
  }, []);

  return { ...state, run, clear };
}
