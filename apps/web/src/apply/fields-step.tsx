import type { ApplicationStep, ApplicationView } from '@boardwalk/shared/schemas/application';
import { useRef, useState, type SyntheticEvent } from 'react';
import { applyApi, saveFailure } from './apply-api.ts';
import { ApplyField, onFileHint } from './apply-field.tsx';

/** A field of a flat step: text, a number ('' is none), or a sensitive value (write-only, masked on file). */
export type StepField = {
  name: string;
  label: string;
  kind?: 'number' | 'sensitive';
  autoComplete?: string;
  hint?: string;
};

type Props = {
  token: string;
  step: Exclude<ApplicationStep, 'business' | 'owners'>;
  title: string;
  intro: string;
  fields: StepField[];
  view: ApplicationView;
  onView: (view: ApplicationView) => void;
  onClosed: (error: unknown) => void;
};

const shown = (view: ApplicationView, step: Props['step'], field: StepField): string => {
  if (field.kind === 'sensitive') return '';
  const value = (view[step] as Record<string, unknown>)[field.name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** A number as typed; text that is not one goes as typed, so the server's message names the field. */
const numberOf = (value: string) =>
  value.trim() === '' ? null : Number.isFinite(Number(value)) ? Number(value) : value;

/**
 * A step of plain fields, prefilled from the view and saved as the merchant goes: a changed field
 * is saved when it is left, and the button saves what changed. A sensitive field starts empty
 * with what is on file as its hint; a value typed replaces it and the field empties once saved.
 */
export function FieldsStep({ token, step, title, intro, fields, view, onView, onClosed }: Props) {
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, shown(view, step, f)]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const saved = useRef(initial());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');

  const save = async (names: string[]) => {
    if (!names.length) return;
    setStatus('Saving…');
    const kinds = Object.fromEntries(fields.map((f) => [f.name, f.kind]));
    const body = Object.fromEntries(
      names.map((n) => [n, kinds[n] === 'number' ? numberOf(values[n] ?? '') : (values[n] ?? '')]),
    );
    try {
      const next = await applyApi.saveStep(token, step, body);
      for (const n of names) saved.current[n] = values[n] ?? '';
      // A sensitive value saved is on file now: the field empties and its hint shows the new mask.
      const cleared = names.filter((n) => kinds[n] === 'sensitive');
      if (cleared.length) {
        setValues((old) => ({ ...old, ...Object.fromEntries(cleared.map((n) => [n, ''])) }));
        for (const n of cleared) saved.current[n] = '';
      }
      setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !names.includes(k))));
      setStatus('Saved');
      onView(next);
    } catch (e) {
      const failure = saveFailure(e);
      if (failure.closed) return onClosed(e);
      setErrors((old) => ({ ...old, ...failure.errors }));
      setStatus(failure.status);
    }
  };

  const changed = () => fields.map((f) => f.name).filter((n) => values[n] !== saved.current[n]);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void save(changed());
  };
  const onFile = view.onFile as Record<string, string>;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${step}-title`}>
      <h1 id={`${step}-title`}>{title}</h1>
      <p>{intro}</p>
      {fields.map((f) => (
        <ApplyField
          key={f.name}
          id={`apply-${f.name}`}
          label={f.label}
          value={values[f.name] ?? ''}
          onChange={(value) => setValues((old) => ({ ...old, [f.name]: value }))}
          onBlur={() => (values[f.name] !== saved.current[f.name] ? void save([f.name]) : undefined)}
          error={errors[f.name]}
          hint={f.kind === 'sensitive' ? onFileHint(onFile[f.name] ?? '') : f.hint}
          autoComplete={f.kind === 'sensitive' ? 'off' : f.autoComplete}
          inputMode={f.kind ? (f.name === 'taxId' || f.kind === 'sensitive' ? 'numeric' : 'decimal') : undefined}
        />
      ))}
      <p className="apply-status" role="status" aria-live="polite">
        {status}
      </p>
      <button type="submit" className="apply-button">
        Save
      </button>
    </form>
  );
}
