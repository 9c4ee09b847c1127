import { APPLICATION_CONSENT_TEXT } from '@boardwalk/shared/application-enums';
import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { useState, type SyntheticEvent } from 'react';
import { ApplyError } from './apply-api.ts';
import { signingApi } from './sign-api.ts';

type Props = { token: string; view: ApplicationView; onSubmitted: (signing: ApplicationSigning) => void };
type Row = { key: string; label: string; value: string };

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** Every answer as it will be signed: sensitive values only as the mask of their last four. */
export function reviewRows(view: ApplicationView): { title: string; rows: Row[] }[] {
  const b = view.business;
  const c = view.contact;
  const p = view.processing;
  return [
    {
      title: 'Business',
      rows: [
        { key: 'business.legalName', label: 'Legal name', value: shown(b.legalName) },
        { key: 'business.dbaName', label: 'Business name', value: shown(b.dbaName) },
        { key: 'business.website', label: 'Website', value: shown(b.website) },
        {
          key: 'business.addressLine1',
          label: 'Address',
          value: shown([b.addressLine1, b.addressLine2, b.city, b.region, b.postalCode].filter(Boolean).join(', ')),
        },
      ],
    },
    {
      title: 'Contact',
      rows: [
        { key: 'contact.contactFirstName', label: 'First name', value: shown(c.contactFirstName) },
        { key: 'contact.contactLastName', label: 'Last name', value: shown(c.contactLastName) },
        { key: 'contact.contactEmail', label: 'Email', value: shown(c.contactEmail) },
        { key: 'contact.contactPhone', label: 'Phone', value: shown(c.contactPhone) },
      ],
    },
    {
      title: 'Owners',
      rows: view.owners.flatMap((o, i) => [
        { key: `owners.${i}.lastName`, label: `Owner ${i + 1}`, value: `${o.firstName} ${o.lastName}` },
        {
          key: `owners.${i}.ownershipPercent`,
          label: 'Ownership',
          value: shown(o.ownershipPercent === null ? '' : `${o.ownershipPercent} %`),
        },
        { key: `owners.${i}.email`, label: 'Email', value: shown(o.email) },
        { key: `owners.${i}.ssn`, label: 'SSN', value: shown(o.ssnOnFile) },
      ]),
    },
    {
      title: 'Card processing',
      rows: [
        { key: 'processing.monthlyVolume', label: 'Monthly volume ($)', value: shown(p.monthlyVolume) },
        { key: 'processing.averageTicket', label: 'Average sale ($)', value: shown(p.averageTicket) },
        { key: 'processing.cardPresentPercent', label: 'Card present (%)', value: shown(p.cardPresentPercent) },
      ],
    },
    {
      title: 'Bank account and tax id',
      rows: [
        { key: 'banking.bankName', label: 'Bank name', value: shown(view.banking.bankName) },
        { key: 'banking.routingNumber', label: 'Routing number', value: shown(view.onFile.routingNumber) },
        { key: 'banking.accountNumber', label: 'Account number', value: shown(view.onFile.accountNumber) },
        { key: 'banking.taxId', label: 'Tax id', value: shown(view.onFile.taxId) },
      ],
    },
  ];
}

/** Review, consent, submit: the server checks everything again and answers what to fix, beside it. */
export function ReviewStep({ token, view, onSubmitted }: Props) {
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!consent) {
      setErrors({ consent: ['Tick the box to agree to electronic records'] });
      return;
    }
    setBusy(true);
    setStatus('');
    try {
      onSubmitted(await signingApi.submit(token));
    } catch (e) {
      const problem = e instanceof ApplyError ? e.problem : undefined;
      setErrors(problem?.errors ?? {});
      setStatus(problem?.detail ?? 'Not submitted. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const sections = reviewRows(view);
  const known = new Set(sections.flatMap((s) => s.rows.map((r) => r.key)).concat('consent'));
  const other = Object.entries(errors).filter(([key]) => !known.has(key));
  return (
    <form onSubmit={submit} noValidate aria-labelledby="review-title">
      <h1 id="review-title">Review and submit</h1>
      <p>Check your answers. Go back to a step to change one.</p>
      {sections.map((section) => (
        <section key={section.title} className="apply-review">
          <h2>{section.title}</h2>
          <dl>
            {section.rows.map((row) => (
              <div key={row.key}>
                <dt>{row.label}</dt>
                <dd>
                  {row.value}
                  {errors[row.key] && <span className="apply-error"> {errors[row.key]![0]}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {other.length > 0 && (
        <ul className="apply-error">
          {other.map(([key, messages]) => (
            <li key={key}>{messages[0]}</li>
          ))}
        </ul>
      )}
      <div className="apply-field apply-check">
        <input
          id="consent"
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? 'consent-error' : undefined}
        />
        <label htmlFor="consent">{APPLICATION_CONSENT_TEXT}</label>
        {errors.consent && (
          <span id="consent-error" className="apply-error">
            {errors.consent[0]}
          </span>
        )}
      </div>
      <button type="submit" className="apply-button" disabled={busy}>
        Submit for signing
      </button>
      <p role="status">{status}</p>
    </form>
  );
}
