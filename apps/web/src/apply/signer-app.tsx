import type { SignerView } from '@boardwalk/shared/schemas/application-signing';
import { useCallback, useEffect, useState } from 'react';
import { applyApi, ApplyError } from './apply-api.ts';
import { CodeStep } from './code-step.tsx';
import { reviewRows } from './review-step.tsx';
import { signerApi, type SignerOpened } from './sign-api.ts';
import { SignForm } from './sign-form.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'code'; opened: SignerOpened }
  | { kind: 'review'; view: SignerView }
  | { kind: 'closed'; title: string; message: string };

const CLOSED: Record<string, { title: string; message: string }> = {
  link_used: { title: 'Already signed', message: 'This application is already signed by everyone. Thank you.' },
  link_revoked: {
    title: 'This link was cancelled',
    message: 'Ask the person who sent it for a new one.',
  },
  link_expired: { title: 'This link has expired', message: 'Ask the person who sent it for a new one.' },
  not_found: {
    title: 'This link is not valid',
    message: 'Check that you opened the whole link from the email, or ask the person who sent it for a new one.',
  },
};

/** A signer's own page, /apply/sign/<token> (docs/decisions/107): code, review, sign. */
export function SignerApp({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [portalName, setPortalName] = useState('');
  const fail = useCallback((e: unknown) => {
    const code = e instanceof ApplyError ? (e.problem.code ?? '') : '';
    const known = CLOSED[code];
    setPhase({
      kind: 'closed',
      title: known?.title ?? 'This link does not open',
      message: known?.message ?? 'Something went wrong. Try again in a moment.',
    });
  }, []);
  const review = useCallback(async () => {
    try {
      setPhase({ kind: 'review', view: await signerApi.read(token) });
    } catch (e) {
      fail(e);
    }
  }, [token, fail]);

  useEffect(() => {
    signerApi
      .open(token)
      .then((opened) => {
        setPortalName(opened.portalName);
        if (opened.verified) return review();
        setPhase({ kind: 'code', opened });
      })
      .catch(fail);
  }, [token, review, fail]);

  // A link that no longer opens does not say the portal's name: the public settings do.
  useEffect(() => {
    if (portalName || phase.kind !== 'closed') return;
    void applyApi.portalName().then(setPortalName);
  }, [phase.kind, portalName]);

  useEffect(() => {
    document.title = portalName ? `Sign the application · ${portalName} Portal` : 'Sign the application';
  }, [portalName]);

  return (
    <div className="apply-page">
      {/* The same header as the merchant's page: the portal's name and colour (docs/decisions/097). */}
      <header className="apply-header">
        <span className="apply-brand">{portalName || '\u00a0'}</span>
      </header>
      <main className="apply-main" aria-busy={phase.kind === 'loading'}>
        {phase.kind === 'loading' && <p role="status">Opening…</p>}
        {phase.kind === 'closed' && (
          <section role="alert" aria-labelledby="signer-closed-title">
            <h1 id="signer-closed-title">{phase.title}</h1>
            <p>{phase.message}</p>
          </section>
        )}
        {phase.kind === 'code' && (
          <CodeStep token={token} opened={phase.opened} onVerified={review} onClosed={fail} api={signerApi} />
        )}
        {phase.kind === 'review' && (
          <SignerReview token={token} view={phase.view} onView={(view) => setPhase({ kind: 'review', view })} />
        )}
      </main>
    </div>
  );
}

function SignerReview({ token, view, onView }: { token: string; view: SignerView; onView: (v: SignerView) => void }) {
  return (
    <>
      <h1>Sign the application</h1>
      {reviewRows(view.application).map((section) => (
        <section key={section.title} className="apply-review">
          <h2>{section.title}</h2>
          <dl>
            {section.rows.map((row) => (
              <div key={row.key}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {view.signer.signed ? (
        <p role="status">You have signed. Thank you.</p>
      ) : (
        <>
          <p>{view.consentText}</p>
          <SignForm
            id="signer"
            name={view.signer.name}
            onSign={async (input) => onView(await signerApi.sign(token, input))}
          />
        </>
      )}
    </>
  );
}
