import { startTransition, useEffect, useState } from 'react';

/**
 * False during the first render, true after it: content that must wait for the client.
 * The flip is a transition: what it shows is usually the whole page (the route gate's shell and
 * page, the sign-in card), which an update from an effect would render in one blocking task;
 * as a transition React renders it in slices (decision 060).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}
