import type { MerchantSensitiveField, OwnerSensitiveField } from '@boardwalk/shared/schemas/merchant';
import { Box, Button, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { notifyError } from '../../../components/form/notify.ts';
import { MERCHANT_REVEAL_SUBJECT } from '@boardwalk/shared/ability';
import { useAppAbility } from '../../../lib/ability.tsx';
import { errorMessage } from '../../../lib/problem.ts';
import { useRevealMerchantFieldMutation } from '../../../entities/merchants/api.ts';

type Props = {
  merchantId: string;
  field: MerchantSensitiveField | OwnerSensitiveField;
  ownerId?: string;
  label: string;
  /** The value as every answer shows it (•••••6789), '' when none is on file. */
  masked: string;
  /**
   * Removes the value (after a confirmation). The section forms cannot: they start a masked field
   * empty and read an empty one as "keep".
   */
  onClear?: () => Promise<void>;
};

/** A revealed value as it is written on paper: an EIN 12-3456789, an SSN 123-45-6789. */
export function readableSensitive(field: Props['field'], value: string): string {
  if (field === 'taxId' && /^\d{9}$/.test(value)) return `${value.slice(0, 2)}-${value.slice(2)}`;
  if (field === 'ssn' && /^\d{9}$/.test(value)) return `${value.slice(0, 3)}-${value.slice(3, 5)}-${value.slice(5)}`;
  return value;
}

/**
 * A sensitive value shown masked, with Reveal: the clear value comes from the reveal route (which
 * records who asked) and stays on screen until Hide, or until the tab is left.
 * With `onClear`, a Clear button removes it.
 */
export function SensitiveValue({ merchantId, field, ownerId, label, masked, onClear }: Props) {
  const [reveal, { isLoading }] = useRevealMerchantFieldMutation();
  // An agent who sees their own merchants reads them masked, without Reveal (decision 110).
  const mayReveal = useAppAbility().can('read', MERCHANT_REVEAL_SUBJECT);
  const [clear, setClear] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const name = label.toLowerCase();
  const onReveal = async () => {
    try {
      const answer = await reveal({ id: merchantId, field, ownerId }).unwrap();
      setClear(answer.value);
    } catch (error) {
      notifyError(errorMessage(error, `The ${name} could not be revealed.`));
    }
  };
  const onConfirmClear = async () => {
    setClearing(true);
    try {
      await onClear?.();
      setClear(undefined);
      setConfirming(false);
    } catch {
      // Said in a toast by onClear; the dialog stays open to try again or cancel.
    } finally {
      setClearing(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36 }}>
      <Typography component="span" color="text.secondary" sx={{ minWidth: 180 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontFamily: 'monospace' }} aria-label={label}>
        {clear === undefined ? masked || '—' : readableSensitive(field, clear)}
      </Typography>
      {clear !== undefined && (
        <Button
          size="small"
          startIcon={<VisibilityOff />}
          onClick={() => setClear(undefined)}
          aria-label={`Hide ${name}`}
        >
          Hide
        </Button>
      )}
      {mayReveal && masked && clear === undefined && (
        <Button
          size="small"
          startIcon={<Visibility />}
          loading={isLoading}
          onClick={() => void onReveal()}
          aria-label={`Reveal ${name}`}
        >
          Reveal
        </Button>
      )}
      {masked && onClear && (
        <>
          <Button size="small" color="error" onClick={() => setConfirming(true)} aria-label={`Clear ${name}`}>
            Clear
          </Button>
          <ConfirmDialog
            open={confirming}
            title={`Clear the ${name}?`}
            message={`The ${name} ${masked} is removed from this merchant. The timeline records the change (masked); to have it again, type it in anew.`}
            confirmLabel="Clear"
            busy={clearing}
            onConfirm={() => void onConfirmClear()}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}

export const REVEAL_NOTE = 'Each reveal is recorded in the audit log with your name and the time.';
