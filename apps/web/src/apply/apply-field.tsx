import type { InputHTMLAttributes } from 'react';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string | undefined;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'type'>;

/** One labelled input with its hint and error, described for screen readers. */
export function ApplyField({ id, label, value, onChange, onBlur, error, hint, ...input }: Props) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="apply-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="apply-hint">
          {hint}
        </span>
      )}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <span id={`${id}-error`} className="apply-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The hint of a sensitive field: the page never holds the value on file, only its mask, so the
 * input starts empty and a value typed replaces the one on file.
 */
export const onFileHint = (masked: string) => (masked ? `${masked} on file — enter to change` : undefined);
