import { useState, type SyntheticEvent } from 'react';
import { ApplyField } from './apply-field.tsx';
import { ApplyError } from './apply-api.ts';
import { DrawingPad } from './drawing-pad.tsx';
import type { SignInput } from './sign-api.ts';

type Props = { id: string; name: string; onSign: (input: SignInput) => Promise<void> };

/** One signer's signature: the typed name (required) and, if they like, a drawing. */
export function SignForm({ id, name, onSign }: Props) {
  const [typedName, setTypedName] = useState('');
  const [drawing, setDrawing] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!typedName.trim()) {
      setErrors({ typedName: 'Type your full name' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSign(drawing ? { typedName, drawing } : { typedName });
    } catch (e) {
      const problem = e instanceof ApplyError ? e.problem : undefined;
      const fields = Object.fromEntries(Object.entries(problem?.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
      setErrors(Object.keys(fields).length ? fields : { typedName: problem?.detail ?? 'Not signed. Try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="apply-sign" aria-label={`Sign as ${name}`}>
      <ApplyField
        id={`${id}-typed`}
        label={`Full name of ${name}`}
        value={typedName}
        onChange={setTypedName}
        autoComplete="name"
        error={errors.typedName}
      />
      <DrawingPad label="Signature" onChange={setDrawing} />
      {errors.drawing && <span className="apply-error">{errors.drawing}</span>}
      <button type="submit" className="apply-button" disabled={busy}>
        Sign as {name}
      </button>
    </form>
  );
}
