import { APPLICATION_CODE_LENGTH } from '@boardwalk/shared/application-enums';
import { useState, type SyntheticEvent } from 'react';
import { applyApi, ApplyError, type CodeChannel, type Opened } from './apply-api.ts';

type CodeApi = Pick<typeof applyApi, 'sendCode' | 'verify'>;
type Props = {
  token: string;
  opened: Pick<Opened, 'codeSentTo'> & Partial<Pick<Opened, 'codeTextTo'>>;
  onVerified: () => void;
  onClosed: (error: unknown) => void;
  /** A signer's own link asks its own routes (docs/decisions/107); the request's link by default. */
  api?: CodeApi;
};

const SENT_BY: Record<CodeChannel, (to: string) => string> = {
  email: (to) => `We emailed a code to ${to}.`,
  sms: (to) => `We texted a code to ${to}.`,
};

/**
 * Proves the inbox, or the phone: a one-time code emailed to the contact, or texted where the
 * server offers it (an SMS gateway and a phone on file, docs/decisions/115), entered here.
 */
export function CodeStep({ token, opened, onVerified, onClosed, api = applyApi }: Props) {
  const [sentBy, setSentBy] = useState<CodeChannel | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const textTo = opened.codeTextTo ?? null;

  const handle = (e: unknown) => {
    if (e instanceof ApplyError && e.problem.status === 410) return onClosed(e);
    if (e instanceof ApplyError) setError(e.problem.errors?.code?.[0] ?? e.problem.errors?.channel?.[0] ?? e.message);
    else setError('Something went wrong. Try again.');
  };

  const send = async (channel: CodeChannel) => {
    setBusy(true);
    setError('');
    try {
      const { codeSentTo } = await api.sendCode(token, channel);
      setSentBy(channel);
      setNotice(SENT_BY[channel](codeSentTo));
    } catch (e) {
      handle(e);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await api.verify(token, code);
      onVerified();
    } catch (e) {
      handle(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="code-title">
      <h1 id="code-title">Confirm it is you</h1>
      <p>
        To keep your application private, we email a one-time code to <strong>{opened.codeSentTo}</strong>
        {textTo && (
          <>
            {' '}
            or text it to the phone <strong>{textTo}</strong>
          </>
        )}
        .
      </p>
      {sentBy ? (
        <form onSubmit={verify} noValidate>
          <p role="status">{notice}</p>
          <label htmlFor="apply-code">{sentBy === 'sms' ? 'Code from the text message' : 'Code from the email'}</label>
          <input
            id="apply-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={APPLICATION_CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'apply-code-error' : undefined}
          />
          {error && (
            <p id="apply-code-error" className="apply-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="apply-button" disabled={busy}>
            Continue
          </button>
          <button type="button" className="apply-link-button" onClick={() => send('email')} disabled={busy}>
            Email me a new code
          </button>
          {textTo && (
            <button type="button" className="apply-link-button" onClick={() => send('sms')} disabled={busy}>
              Text me a new code
            </button>
          )}
        </form>
      ) : (
        <>
          {error && (
            <p className="apply-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="apply-button" onClick={() => send('email')} disabled={busy}>
            Email me a code
          </button>
          {textTo && (
            <button type="button" className="apply-button" onClick={() => send('sms')} disabled={busy}>
              Text me a code
            </button>
          )}
        </>
      )}
    </section>
  );
}
