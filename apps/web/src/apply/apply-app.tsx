import { useCallback, useEffect, useState } from 'react';
import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { applyApi, ApplyError, tokenFromPath, type Opened } from './apply-api.ts';
import { ApplicationSteps } from './application-steps.tsx';
import { ClosedPage, type ClosedReason } from './closed-page.tsx';
import { CodeStep } from './code-step.tsx';
import { signingApi } from './sign-api.ts';
import { SignStep } from './sign-step.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'closed'; reason: ClosedReason }
  | { kind: 'code'; opened: Opened }
  | { kind: 'form'; view: ApplicationView }
  | { kind: 'sign'; signing: ApplicationSigning }
  | { kind: 'failed'; message: string };

const CLOSED: Record<string, ClosedReason> = {
  link_revoked: 'revoked',
  link_expired: 'expired',
  link_used: 'used',
  not_found: 'invalid',
};

/** The page for /apply/<token>: the link's state decides what shows (code, first step, closed). */
export function ApplyApp() {
  const [token] = useState(() => tokenFromPath(window.location.pathname));
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [portalName, setPortalName] = useState('');

  const fail = useCallback((error: unknown) => {
    const code = error instanceof ApplyError ? error.problem.code : undefined;
    const reason = code ? CLOSED[code] : undefined;
    if (reason) setPhase({ kind: 'closed', reason });
    else setPhase({ kind: 'failed', message: error instanceof Error ? error.message : 'Something went wrong.' });
  }, []);

  const showForm = useCallback(async () => {
    try {
      const view = await applyApi.read(token);
      // Submitted: only signing is left (docs/decisions/107).
      if (view.state === 'submitted') setPhase({ kind: 'sign', signing: await signingApi.read(token) });
      else setPhase({ kind: 'form', view });
    } catch (error) {
      fail(error);
    }
  }, [token, fail]);

  useEffect(() => {
    if (!token) {
      setPhase({ kind: 'closed', reason: 'invalid' });
      return;
    }
    applyApi
      .open(token)
      .then((opened) => {
        setPortalName(opened.portalName);
        if (opened.verified) return showForm();
        setPhase({ kind: 'code', opened });
      })
      .catch(fail);
  }, [token, showForm, fail]);

  useEffect(() => {
    if (portalName || phase.kind !== 'closed') return;
    void applyApi.portalName().then(setPortalName);
  }, [phase.kind, portalName]);

  useEffect(() => {
    document.title = portalName ? `Application · ${portalName} Portal` : 'Application';
  }, [portalName]);

  return (
    <div className="apply-page">
      <header className="apply-header">
        <span className="apply-brand">{portalName || '\u00a0'}</span>
      </header>
      <main className="apply-main" aria-busy={phase.kind === 'loading'}>
        {phase.kind === 'loading' && <p role="status">Opening your application…</p>}
        {phase.kind === 'closed' && <ClosedPage token={token} reason={phase.reason} />}
        {phase.kind === 'code' && (
          <CodeStep token={token} opened={phase.opened} onVerified={showForm} onClosed={fail} />
        )}
        {phase.kind === 'form' && (
          <ApplicationSteps
            token={token}
            view={phase.view}
            onClosed={fail}
            onSubmitted={(signing) => setPhase({ kind: 'sign', signing })}
          />
        )}
        {phase.kind === 'sign' && <SignStep token={token} signing={phase.signing} />}
        {phase.kind === 'failed' && (
          <>
            <h1>Something went wrong</h1>
            <p role="alert">{phase.message}</p>
          </>
        )}
      </main>
    </div>
  );
}
