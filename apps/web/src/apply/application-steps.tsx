import { APPLICATION_STEP_LABELS, APPLICATION_STEPS, type ApplicationStep } from '@boardwalk/shared/application-enums';
import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { useState } from 'react';
import { BusinessStep } from './business-step.tsx';
import { ChangesRequestedNotice, stepOfItem, useChangesRequested, type PageStep } from './changes-requested.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { FieldsStep, type StepField } from './fields-step.tsx';
import { OwnersStep } from './owners-step.tsx';
import { ReviewStep } from './review-step.tsx';

const LABELS: Record<PageStep, string> = { ...APPLICATION_STEP_LABELS, documents: 'Documents', review: 'Review' };

type Props = {
  token: string;
  view: ApplicationView;
  onClosed: (error: unknown) => void;
  onSubmitted: (signing: ApplicationSigning) => void;
};

const CONTACT: StepField[] = [
  { name: 'contactFirstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'contactLastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'contactEmail', label: 'Email', autoComplete: 'email' },
  { name: 'contactPhone', label: 'Phone', autoComplete: 'tel' },
];
const PROCESSING: StepField[] = [
  { name: 'monthlyVolume', label: 'Monthly card volume ($)', kind: 'number' },
  { name: 'averageTicket', label: 'Average sale ($)', kind: 'number' },
  { name: 'highTicket', label: 'Largest sale ($)', kind: 'number' },
  {
    name: 'cardPresentPercent',
    label: 'Card present (%)',
    kind: 'number',
    hint: 'The share of sales with the card in hand; the rest is online, phone or mail order.',
  },
];
const BANKING: StepField[] = [
  { name: 'bankName', label: 'Bank name' },
  { name: 'routingNumber', label: 'Routing number', kind: 'sensitive' },
  { name: 'accountNumber', label: 'Account number', kind: 'sensitive' },
  { name: 'taxId', label: 'Tax id (EIN)', kind: 'sensitive' },
];

/** Which of the steps built from field lists holds a field (the business and owners steps hold the rest). */
const FIELDS_OF: Partial<Record<ApplicationStep, readonly string[]>> = {
  contact: CONTACT.map((f) => f.name),
  processing: PROCESSING.map((f) => f.name),
  banking: BANKING.map((f) => f.name),
};

/**
 * The application's steps, one at a time (a phone shows one well), each saved as the merchant
 * goes. Sent back by staff, it opens at the first item to fix, with the list of them above.
 */
export function ApplicationSteps({ token, view: first, onClosed, onSubmitted }: Props) {
  const [view, setView] = useState(first);
  // The documents come last, whatever the request asks: the checklist itself says what is needed.
  const steps: PageStep[] = [...APPLICATION_STEPS.filter((s) => view.asks.includes(s)), 'documents', 'review'];
  const [index, setIndex] = useState(0);
  const step = steps[index] ?? 'business';
  const common = { token, view, onView: setView, onClosed };
  const changes = useChangesRequested(token);
  const openItem = (item: (typeof changes)[number]) =>
    setIndex(Math.max(0, steps.indexOf(stepOfItem(item, FIELDS_OF))));
  // Once, when the list arrives (set while rendering, as React allows for state that follows
  // other state): later the merchant moves between steps freely.
  const [openedAtChange, setOpenedAtChange] = useState(false);
  if (changes[0] && !openedAtChange) {
    setOpenedAtChange(true);
    openItem(changes[0]);
  }

  return (
    <>
      <ChangesRequestedNotice items={changes} onOpen={openItem} />
      <nav aria-label="Steps" className="apply-steps">
        <ol>
          {steps.map((s, i) => (
            <li key={s}>
              <button type="button" aria-current={i === index ? 'step' : undefined} onClick={() => setIndex(i)}>
                {i + 1}. {LABELS[s]}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {step === 'business' && <BusinessStep key={step} {...common} />}
      {step === 'contact' && (
        <FieldsStep
          key={step}
          {...common}
          step="contact"
          title="Contact"
          intro="Who we talk to about the application."
          fields={CONTACT}
        />
      )}
      {step === 'owners' && <OwnersStep key={step} {...common} />}
      {step === 'processing' && (
        <FieldsStep
          key={step}
          {...common}
          step="processing"
          title="Card processing"
          intro="Your expected card sales; estimates are fine."
          fields={PROCESSING}
        />
      )}
      {step === 'banking' && (
        <FieldsStep
          key={step}
          {...common}
          step="banking"
          title="Bank account and tax id"
          intro="Where your payouts go. What we have on file is never shown in full: type a value only to change it."
          fields={BANKING}
        />
      )}
      {step === 'documents' && <DocumentsStep key={step} token={token} onClosed={onClosed} />}
      {step === 'review' && <ReviewStep key={step} token={token} view={view} onSubmitted={onSubmitted} />}
      <div className="apply-nav">
        {index > 0 && (
          <button type="button" className="apply-link-button" onClick={() => setIndex(index - 1)}>
            Back
          </button>
        )}
        {index < steps.length - 1 && (
          <button type="button" className="apply-link-button" onClick={() => setIndex(index + 1)}>
            Next: {LABELS[steps[index + 1]!]}
          </button>
        )}
      </div>
    </>
  );
}
