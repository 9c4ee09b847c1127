import type { MerchantSensitiveField, OwnerSensitiveField } from '@boardwalk/shared/schemas/merchant';
import { Box, Button, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { notifyError } from '../../../components/form/notify.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { useRevealMerchantFieldMutation } from './merchant-api.ts';

type Props = {
  merchantId: string;
  field: MerchantSensitiveField | OwnerSensitiveField;
  ownerId?: string;
  label: string;
  /** The value as every answer shows it (•••••6789), '' when none is on file. */
  masked: string;
};

/**
 * A sensitive value shown masked, with Reveal: the clear value comes from the reveal route (which
 * records who asked) and stays on screen while this component is mounted (until the tab is left).
 */
export function SensitiveValue({ merchantId, field, ownerId, label, masked }: Props) {
  const [reveal, { isLoading }] = useRevealMerchantFieldMutation();
  const [clear, setClear] = useState<string>();
  const onReveal = async () => {
    try {
      const answer = await reveal({ id: merchantId, field, ownerId }).unwrap();
      setClear(answer.value);
    } catch (error) {
      notifyError(errorMessage(error, `The ${label.toLowerCase()} could not be revealed.`));
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36 }}>
      <Typography component="span" color="text.secondary" sx={{ minWidth: 180 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontFamily: 'monospace' }} aria-label={label}>
        {clear ?? (masked || '—')}
      </Typography>
      {masked && clear === undefined && (
        <Button
          size="small"
          startIcon={<Visibility />}
          loading={isLoading}
          onClick={() => void onReveal()}
          aria-label={`Reveal ${label.toLowerCase()}`}
        >
          Reveal
        </Button>
      )}
    </Box>
  );
}

export const REVEAL_NOTE = 'Each reveal is recorded in the audit log with your name and the time.';
