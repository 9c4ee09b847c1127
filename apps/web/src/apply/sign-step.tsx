import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { useState } from 'react';
import { ApplyError } from './apply-api.ts';
import { signingApi } from './sign-api.ts';
import { SignForm } from './sign-form.tsx';

type Props = { token: string; signing: ApplicationSigning };

/** After submit: each signer signs here, or is sent a link of their own. */
export function SignStep({ token, signing: first }: Props) {
  const [signing, setSigning] = useState(first);
  const [status, setStatus] = useState('');

  const send = async (id: string, name: string) => {
    try {
      setSigning(await signingApi.send(token, id));
      setStatus(`We emailed ${name} a link to sign.`);
    } catch (e) {
      setStatus(e instanceof ApplyError ? e.message : 'Not sent. Try again.');
    }
  };

  if (signing.state === 'signed') {
    return (
      <section aria-labelledby="signed-title">
        <h1 id="signed-title">Signed</h1>
        <p>Every signer has signed. Thank you: we have your application and will be in touch.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="sign-title">
      <h1 id="sign-title">Sign the application</h1>
      <p>Each person below signs. Someone who is not with you can be sent a link of their own.</p>
      <ul className="apply-signers">
        {signing.signers.map((s) => (
          <li key={s.id}>
            <h2>{s.name}</h2>
            <p>
              {s.signed
                ? 'Signed'
                : s.stale
                  ? 'The application changed since this signature: sign again'
                  : 'Not signed yet'}
              {s.linkSentAt && !s.signed ? ' · link sent' : ''}
            </p>
            {!s.signed && (
              <>
                <SignForm
                  id={`signer-${s.id}`}
                  name={s.name}
                  onSign={async (input) => setSigning(await signingApi.sign(token, s.id, input))}
                />
                <button type="button" className="apply-link-button" onClick={() => void send(s.id, s.name)}>
                  Send to this signer ({s.email})
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <p role="status">{status}</p>
    </section>
  );
}
