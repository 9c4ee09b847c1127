import { useMemo } from 'react';
import type { ListFilter } from '../../components/data-table/list-filters.tsx';
import { useAutomationOptionsQuery } from './api.ts';

/**
 * The Automation filter of the log pages: every automation by name. The one chosen
 * in the URL stays choosable when it is gone from the options (deleted since), under its name
 * when the page's rows tell it.
 */
export function useAutomationFilter(chosen: string | undefined, chosenName: string | undefined): ListFilter {
  const automations = useAutomationOptionsQuery();
  return useMemo(() => {
    const options = (automations.data ?? []).map((a) => ({ value: a.id, label: a.name }));
    if (chosen && !options.some((o) => o.value === chosen)) {
      options.push({ value: chosen, label: chosenName ?? 'Chosen automation' });
    }
    return { key: 'automationId', label: 'Automation', options };
  }, [automations.data, chosen, chosenName]);
}
