import { useCallback, useEffect, useState } from 'react';
import { useSettings } from '../../../lib/settings/use-settings.ts';
import type { NavItem } from '../../navigation.ts';
import { openGroupKeysFor } from '../../nav-visibility.ts';

/**
 * Which menu groups are open. The groups holding the current route open themselves;
 * in accordion mode opening a group closes its siblings, in collapse mode groups are independent.
 */
export function useOpenGroups(items: NavItem[], pathname: string) {
  const { settings } = useSettings();
  const accordion = settings.verticalNavToggleType === 'accordion';
  const [open, setOpen] = useState<string[]>(() => openGroupKeysFor(items, pathname));

  useEffect(() => {
    const active = openGroupKeysFor(items, pathname);
    if (active.length === 0) return;
    setOpen((current) => (accordion ? active : [...new Set([...current, ...active])]));
  }, [items, pathname, accordion]);

  const toggle = useCallback(
    (key: string) => {
      setOpen((current) => {
        if (current.includes(key)) return current.filter((k) => k !== key && !k.startsWith(`${key}/`));
        if (!accordion) return [...current, key];
        // Keep the ancestors of the opened group, close everything else.
        return [...current.filter((k) => key.startsWith(`${k}/`)), key];
      });
    },
    [accordion],
  );

  const isOpen = useCallback((key: string) => open.includes(key), [open]);
  return { isOpen, toggle };
}
