import { APPLICATION_STEP_LABELS, APPLICATION_STEPS, type ApplicationStep } from '@boardwalk/shared/application-enums';
import type { ApplicationView } from '@boardwalk/shared/schemas/application';
import type { ApplicationSigning } from '@boardwalk/shared/schemas/application-signing';
import { useState } from 'react';
import { BusinessStep } from './business-step.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { FieldsStep, type StepField } from './fields-step.tsx';
import { OwnersStep } from './owners-step.tsx';
import { ReviewStep } from './review-step.tsx';

type PageStep = ApplicationStep | 'documents' | 'review';
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

/** The application's steps, one at a time (a phone shows one well), each saved as the merchant goes. */
export function ApplicationSteps({ token, view: first, onClosed, onSubmitted }: Props) {
  const [view, setView] = useState(first);
  // The documents come last, whatever the request asks: the checklist itself says what is needed.
  const steps: PageStep[] = [...APPLICATION_STEPS.filter((s) => view.asks.includes(s)), 'documents', 'review'];
  const [index, setIndex] = useState(0);
  const step = steps[index] ?? 'business';
  const common = { token, view, onView: setView, onClosed };

  return (
    <>
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
