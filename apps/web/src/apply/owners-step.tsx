import type { ApplicationOwnerView, ApplicationView } from '@boardwalk/shared/schemas/application';
import { useState, type SyntheticEvent } from 'react';
import { applyApi, saveFailure } from './apply-api.ts';
import { ApplyField, onFileHint } from './apply-field.tsx';

type Props = {
  token: string;
  view: ApplicationView;
  onView: (view: ApplicationView) => void;
  onClosed: (error: unknown) => void;
};

const TEXT = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'title', label: 'Title', autoComplete: 'organization-title' },
  { name: 'ownershipPercent', label: 'Ownership (%)', inputMode: 'decimal' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
] as const;

/** An owner being edited: text as typed; `key` names an owner shown before (kept values on file). */
type Draft = { key?: string | undefined; ssnOnFile: string; dateOfBirthOnFile: string } & Record<
  (typeof TEXT)[number]['name'] | 'ssn' | 'dateOfBirth',
  string
>;

const toDraft = (o: ApplicationOwnerView): Draft => ({
  key: o.key,
  firstName: o.firstName,
  lastName: o.lastName,
  title: o.title,
  ownershipPercent: o.ownershipPercent === null ? '' : String(o.ownershipPercent),
  email: o.email,
  phone: o.phone,
  ssn: '',
  dateOfBirth: '',
  ssnOnFile: o.ssnOnFile,
  dateOfBirthOnFile: o.dateOfBirthOnFile,
});
const blank = (): Draft => ({
  ...toDraft({
    key: '',
    firstName: '',
    lastName: '',
    title: '',
    ownershipPercent: null,
    email: '',
    phone: '',
    ssnOnFile: '',
    dateOfBirthOnFile: '',
  }),
  key: undefined,
});

/** What is sent: an SSN or date of birth only when typed (not typed keeps the one on file). */
function bodyOf(owner: Draft) {
  const percent = owner.ownershipPercent.trim();
  return {
    ...(owner.key ? { key: owner.key } : {}),
    firstName: owner.firstName,
    lastName: owner.lastName,
    title: owner.title,
    email: owner.email,
    phone: owner.phone,
    ...(percent ? { ownershipPercent: Number.isFinite(Number(percent)) ? Number(percent) : percent } : {}),
    ...(owner.ssn ? { ssn: owner.ssn } : {}),
    ...(owner.dateOfBirth ? { dateOfBirth: owner.dateOfBirth } : {}),
  };
}

/** The owners: add, edit and remove, each owner's share; the list is saved as a whole. */
export function OwnersStep({ token, view, onView, onClosed }: Props) {
  const [owners, setOwners] = useState<Draft[]>(() => view.owners.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');

  const set = (index: number, name: keyof Draft) => (value: string) =>
    setOwners((old) => old.map((o, i) => (i === index ? { ...o, [name]: value } : o)));

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setStatus('Saving…');
    try {
      const next = await applyApi.saveStep(token, 'owners', { owners: owners.map(bodyOf) });
      setOwners(next.owners.map(toDraft));
      setErrors({});
      setStatus('Saved');
      onView(next);
    } catch (e) {
      const failure = saveFailure(e);
      if (failure.closed) return onClosed(e);
      setErrors(failure.errors);
      setStatus(failure.errors.owners ? `Not saved: ${failure.errors.owners}` : failure.status);
    }
  };

  const total = owners.reduce((sum, o) => sum + (Number(o.ownershipPercent) || 0), 0);
  return (
    <form onSubmit={save} noValidate aria-labelledby="owners-title">
      <h1 id="owners-title">Owners</h1>
      <p>Everyone who owns part of the business. Their shares add up to at most 100 % (now {total} %).</p>
      {owners.map((owner, index) => {
        // Numbered, not named: a legend that changed while its name is typed would move the group's name.
        const name = `Owner ${index + 1}`;
        const field = (key: string) => `owners.${index}.${key}`;
        return (
          <fieldset key={owner.key ?? `new-${index}`} className="apply-owner">
            <legend>{name}</legend>
            {TEXT.map((f) => (
              <ApplyField
                key={f.name}
                id={`owner-${index}-${f.name}`}
                label={f.label}
                value={owner[f.name]}
                onChange={set(index, f.name)}
                error={errors[field(f.name)]}
                autoComplete={'autoComplete' in f ? f.autoComplete : undefined}
                inputMode={'inputMode' in f ? f.inputMode : undefined}
                type={'type' in f ? f.type : undefined}
              />
            ))}
            <ApplyField
              id={`owner-${index}-dateOfBirth`}
              label="Date of birth"
              type="date"
              value={owner.dateOfBirth}
              onChange={set(index, 'dateOfBirth')}
              error={errors[field('dateOfBirth')]}
              hint={onFileHint(owner.dateOfBirthOnFile)}
              autoComplete="off"
            />
            <ApplyField
              id={`owner-${index}-ssn`}
              label="Social security number"
              inputMode="numeric"
              value={owner.ssn}
              onChange={set(index, 'ssn')}
              error={errors[field('ssn')]}
              hint={onFileHint(owner.ssnOnFile)}
              autoComplete="off"
            />
            <button
              type="button"
              className="apply-link-button"
              onClick={() => setOwners((old) => old.filter((_, i) => i !== index))}
            >
              Remove {name.toLowerCase()}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="apply-link-button" onClick={() => setOwners((old) => [...old, blank()])}>
        Add an owner
      </button>
      <p className="apply-status" role="status" aria-live="polite">
        {status}
      </p>
      <button type="submit" className="apply-button">
        Save owners
      </button>
    </form>
  );
}
