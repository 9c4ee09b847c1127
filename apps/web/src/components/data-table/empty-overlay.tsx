import { Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';

export type EmptyOverlayProps = {
  noun?: { singular: string; plural: string };
  filtering?: boolean;
  onAdd?: (() => void) | undefined;
  addLabel?: string | undefined;
};

declare module '@mui/x-data-grid' {
  // Module augmentation needs an interface: it is how the grid types its slot props.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface NoRowsOverlayPropsOverrides extends EmptyOverlayProps {}
}

/** The grid's "nothing here" state: an invitation to add the first record, or a no-match note. */
export function EmptyOverlay({
  noun = { singular: 'record', plural: 'records' },
  filtering,
  onAdd,
  addLabel,
}: EmptyOverlayProps) {
  return (
    <Stack spacing={1.5} sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Typography color="text.secondary">
        {filtering ? `No ${noun.plural} match your search` : `No ${noun.plural} yet`}
      </Typography>
      {!filtering && onAdd && (
        <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
          {addLabel ?? `Add ${noun.singular}`}
        </Button>
      )}
    </Stack>
  );
}
