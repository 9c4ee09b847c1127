import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false, trickleSpeed: 150, minimum: 0.15 });

/** The top progress bar while a navigation loads its page chunk (SPEC §2, routing loader on). */
export function RouteProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') NProgress.done();
    else NProgress.start();
  }, [state]);
  useEffect(() => () => void NProgress.done(), []);
  return null;
}
