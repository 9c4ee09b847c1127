import {
  createOwnerSchema,
  updateOwnerSchema,
  type MerchantDetail,
  type Owner,
} from '@boardwalk/shared/schemas/merchant';
import { Button, Card, CardContent, CardHeader, IconButton, Stack, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm/confirm-dialog.tsx';
import { useConfirmDelete } from '../../../components/confirm/use-confirm-delete.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { formValuesFrom } from '../../../components/form/form-values.ts';
import { useEntityForm } from '../../../components/form/use-entity-form.ts';
import { OWNER_DEFAULTS } from '../add/merchant-form-values.ts';
import {
  useCreateOwnerMutation,
  useDeleteOwnerMutation,
  useUpdateOwnerMutation,
} from '../../../entities/merchants/api.ts';
import { REVEAL_NOTE, SensitiveValue } from './sensitive-value.tsx';
import { formatPhone } from '@boardwalk/shared/phone-format';

const ownerName = (owner: Owner) => `${owner.firstName} ${owner.lastName}`.trim();
const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

/** Add or edit one owner; the SSN and date of birth start empty on edit and are kept when left so. */
function OwnerDialog({ merchantId, owner, onClose }: { merchantId: string; owner?: Owner; onClose: () => void }) {
  const [create] = useCreateOwnerMutation();
  const [update] = useUpdateOwnerMutation();
  const starting = { ...formValuesFrom(OWNER_DEFAULTS, owner), ssn: '', dateOfBirth: '' };
  const { form, formProps } = useEntityForm({
    schema: owner ? updateOwnerSchema.omit({ id: true, updatedAt: true }) : createOwnerSchema,
    defaultValues: starting,
    draft: { id: 'merchant-owner', recordId: owner?.id ?? merchantId },
    save: (values) => {
      if (!owner) return create({ ...(values as typeof starting), merchantId }).unwrap();
      const kept = Object.fromEntries(
        Object.entries(values).filter(([name, value]) => !((name === 'ssn' || name === 'dateOfBirth') && !value)),
      );
      return update({ ...kept, merchantId, ownerId: owner.id, updatedAt: owner.updatedAt }).unwrap();
    },
    successMessage: owner ? 'Owner saved' : 'Owner added',
    onSaved: onClose,
  });
  const { control } = form;
  return (
    <FormDialog title={owner ? `Edit ${ownerName(owner)}` : 'Add owner'} onClose={onClose} {...formProps}>
      <Stack {...row}>
        <FormTextField control={control} name="firstName" label="First name" required />
        <FormTextField control={control} name="lastName" label="Last name" required />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="title" label="Title" />
        <FormTextField control={control} name="ownershipPercent" label="Ownership (%)" type="number" />
      </Stack>
      <Stack {...row}>
        <FormTextField control={control} name="email" label="Email" type="email" />
        <FormTextField control={control} name="phone" label="Phone" type="tel" />
      </Stack>
      <Stack {...row}>
        <FormTextField
          control={control}
          name="dateOfBirth"
          label="Date of birth"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={owner?.dateOfBirth ? `Leave empty to keep ${owner.dateOfBirth}` : undefined}
        />
        <FormTextField
          control={control}
          name="ssn"
          label="Social security number"
          autoComplete="off"
          helperText={owner?.ssn ? `Leave empty to keep ${owner.ssn}` : undefined}
        />
      </Stack>
    </FormDialog>
  );
}

/** The owners (principals) of a merchant: list, add, edit, remove; SSN and birth date revealed on demand. */
export function OwnersTab({ merchant, editable }: { merchant: MerchantDetail; editable: boolean }) {
  const [editing, setEditing] = useState<Owner | 'new'>();
  const [remove] = useDeleteOwnerMutation();
  const removal = useConfirmDelete<Owner>({
    remove: (owner) => remove({ merchantId: merchant.id, ownerId: owner.id }),
    describe: (owner) => `Owner ${ownerName(owner)}`,
  });
  const total = merchant.owners.reduce((sum, o) => sum + o.ownershipPercent, 0);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="text.secondary">
          {merchant.owners.length === 0 ? 'No owners on file.' : `Ownership on file: ${total}%`}
        </Typography>
        {editable && (
          <Button startIcon={<PersonAdd />} onClick={() => setEditing('new')}>
            Add owner
          </Button>
        )}
      </Stack>
      {merchant.owners.map((owner) => (
        <Card key={owner.id} component="section" aria-label={ownerName(owner)}>
          <CardHeader
            title={ownerName(owner)}
            subheader={[owner.title, `${owner.ownershipPercent}%`].filter(Boolean).join(' · ')}
            slotProps={{ title: { component: 'h3', variant: 'subtitle1' } }}
            action={
              editable && (
                <>
                  <IconButton aria-label={`Edit ${ownerName(owner)}`} onClick={() => setEditing(owner)}>
                    <Edit />
                  </IconButton>
                  <IconButton aria-label={`Remove ${ownerName(owner)}`} onClick={() => removal.ask(owner)}>
                    <DeleteOutline />
                  </IconButton>
                </>
              )
            }
          />
          <CardContent>
            <Typography>
              {[owner.email, formatPhone(owner.phone)].filter(Boolean).join(' · ') || 'No contact details'}
            </Typography>
            <SensitiveValue
              merchantId={merchant.id}
              ownerId={owner.id}
              field="ssn"
              label="Social security number"
              masked={owner.ssn}
            />
            <SensitiveValue
              merchantId={merchant.id}
              ownerId={owner.id}
              field="dateOfBirth"
              label="Date of birth"
              masked={owner.dateOfBirth}
            />
          </CardContent>
        </Card>
      ))}
      {merchant.owners.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {REVEAL_NOTE}
        </Typography>
      )}
      {editing && (
        <OwnerDialog
          merchantId={merchant.id}
          owner={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={removal.target !== undefined}
        title="Remove this owner?"
        message={`${removal.target ? ownerName(removal.target) : ''} is removed from the merchant.`}
        confirmLabel="Remove"
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
