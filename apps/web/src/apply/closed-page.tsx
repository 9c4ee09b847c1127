import { useState } from 'react';
import { applyApi } from './apply-api.ts';

export type ClosedReason = 'revoked' | 'expired' | 'used' | 'invalid';

const TEXT: Record<ClosedReason, { title: string; body: string }> = {
  revoked: { title: 'This link was cancelled', body: 'The team cancelled this application link.' },
  expired: { title: 'This link has expired', body: 'Application links work for a limited time.' },
  used: { title: 'This application was already signed', body: 'Every signer has signed this application.' },
  invalid: {
    title: 'This link is not valid',
    body: 'Check that you opened the whole link from the email, or ask the person who sent it for a new one.',
  },
};

/**
 * A link that no longer opens, said plainly, with a way to ask for a new one. Asking tells the team
 * (on the merchant's timeline) and shows the same thanks whatever happened: it reveals nothing.
 */
export function ClosedPage({ token, reason }: { token: string; reason: ClosedReason }) {
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const text = TEXT[reason];
  const ask = async () => {
    setBusy(true);
    await applyApi.askNewLink(token).catch(() => undefined);
    setBusy(false);
    setAsked(true);
  };
  return (
    <section aria-labelledby="closed-title">
      <h1 id="closed-title">{text.title}</h1>
      <p>{text.body}</p>
      {reason !== 'invalid' &&
        (asked ? (
          <p role="status">Thank you. We have let the team know; they will send you a new link.</p>
        ) : (
          <button type="button" className="apply-button" onClick={ask} disabled={busy}>
            Ask for a new link
          </button>
        ))}
    </section>
  );
}
