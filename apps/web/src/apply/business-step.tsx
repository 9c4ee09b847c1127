import type { ApplicationBusiness, ApplicationView } from '@boardwalk/shared/schemas/application';
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS } from '@boardwalk/shared/business-types';
import { useRef, useState, type SyntheticEvent } from 'react';
import { applyApi, ApplyError } from './apply-api.ts';

type Field = keyof ApplicationBusiness;
type Props = {
  token: string;
  view: ApplicationView;
  onView?: (view: ApplicationView) => void;
  onClosed: (error: unknown) => void;
};

const TEXT_FIELDS: { name: Exclude<Field, 'businessType'>; label: string; autoComplete?: string; hint?: string }[] = [
  { name: 'dbaName', label: 'Business name (DBA)', autoComplete: 'organization' },
  { name: 'legalName', label: 'Legal name', hint: 'As registered, if different' },
  { name: 'website', label: 'Website', autoComplete: 'url' },
  { name: 'addressLine1', label: 'Address', autoComplete: 'address-line1' },
  { name: 'addressLine2', label: 'Address line 2', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'region', label: 'State or region', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country (two letters, such as US)', autoComplete: 'country' },
];

const asText = (value: string | null | undefined) => value ?? '';

/**
 * The first step, prefilled from what the team has on file and saved as the merchant goes: a
 * changed field is saved when it is left (the server validates it with the shared schema and
 * answers per-field errors), and "Save" saves the lot.
 */
export function BusinessStep({ token, view, onView, onClosed }: Props) {
  const [values, setValues] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(
        [...TEXT_FIELDS.map((f) => f.name), 'businessType'].map((name) => [name, asText(view.business[name as Field])]),
      ) as Record<Field, string>,
  );
  const saved = useRef({ ...values });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState('');

  // A string for every field but the type, whose empty choice is null; the server validates each.
  const bodyOf = (fields: Field[]): ApplicationBusiness =>
    Object.fromEntries(fields.map((f) => [f, f === 'businessType' ? values[f] || null : values[f]]));

  const save = async (fields: Field[]) => {
    if (!fields.length) return;
    setStatus('Saving…');
    try {
      const next = await applyApi.saveBusiness(token, bodyOf(fields));
      for (const f of fields) saved.current[f] = values[f];
      setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !fields.includes(k as Field))));
      setStatus('Saved');
      onView?.(next);
    } catch (e) {
      if (e instanceof ApplyError && e.problem.status === 410) return onClosed(e);
      const fieldErrors = e instanceof ApplyError ? (e.problem.errors ?? {}) : {};
      setErrors((old) => ({ ...old, ...Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0]])) }));
      setStatus(
        e instanceof ApplyError && e.problem.status === 401
          ? 'Your session ended: reload the page.'
          : 'Not saved: check the fields marked.',
      );
    }
  };

  const changed = () => (Object.keys(values) as Field[]).filter((f) => values[f] !== saved.current[f]);
  const leave = (field: Field) => (values[field] !== saved.current[field] ? save([field]) : undefined);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void save(changed());
  };
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [field]: event.target.value }));
  const described = (field: Field, hint?: string) =>
    [hint ? `${field}-hint` : '', errors[field] ? `${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="business-title">
      <h1 id="business-title">About your business</h1>
      <p>We filled in what we already have. Check it, correct anything that is wrong: it is saved as you go.</p>
      {TEXT_FIELDS.map(({ name, label, autoComplete, hint }) => (
        <div className="apply-field" key={name}>
          <label htmlFor={`apply-${name}`}>{label}</label>
          {hint && (
            <span id={`${name}-hint`} className="apply-hint">
              {hint}
            </span>
          )}
          <input
            id={`apply-${name}`}
            name={name}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={set(name)}
            onBlur={() => leave(name)}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={described(name, hint)}
          />
          {errors[name] && (
            <span id={`${name}-error`} className="apply-error">
              {errors[name]}
            </span>
          )}
        </div>
      ))}
      <div className="apply-field">
        <label htmlFor="apply-businessType">Business type</label>
        <select
          id="apply-businessType"
          name="businessType"
          value={values.businessType}
          onChange={set('businessType')}
          onBlur={() => leave('businessType')}
          aria-invalid={errors.businessType ? true : undefined}
          aria-describedby={described('businessType')}
        >
          <option value="">Choose…</option>
          {BUSINESS_TYPES.map((type) => (
            <option key={type} value={type}>
              {BUSINESS_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        {errors.businessType && (
          <span id="businessType-error" className="apply-error">
            {errors.businessType}
          </span>
        )}
      </div>
      <p className="apply-status" role="status" aria-live="polite">
        {status}
      </p>
      <button type="submit" className="apply-button">
        Save
      </button>
    </form>
  );
}
