import { useEffect, useState } from 'react';

/** False during the first render, true after it: content that must wait for the client (SPEC §2). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
