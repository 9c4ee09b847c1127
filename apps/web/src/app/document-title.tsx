import { useEffect } from 'react';
import { usePortalName } from '../lib/portal-name.ts';

/** Page title `<portal name> Portal`. */
export function DocumentTitle() {
  const portalName = usePortalName();
  useEffect(() => {
    document.title = `${portalName} Portal`;
  }, [portalName]);
  return null;
}
