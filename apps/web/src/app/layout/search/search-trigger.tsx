import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useAppAbility } from '../../../lib/ability.tsx';
import { useSearchDialog } from './use-search-dialog.ts';

/** Loaded on first open: no page pays for the dialog until it is used (the transfer budgets of docs/architecture.md). */
const SearchDialog = lazy(async () => ({ default: (await import('./search-dialog.tsx')).SearchDialog }));

/** The top bar's search icon (and Ctrl+/), for those who may read merchants (not agents: the API answers them 403). */
export function SearchTrigger() {
  return useAppAbility().can('read', 'merchant') ? <SearchButton /> : null;
}

function SearchButton() {
  const { open, openDialog, closeDialog } = useSearchDialog();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <IconButton color="inherit" aria-label="Search (Ctrl+/)" onClick={openDialog}>
          <SearchIcon />
        </IconButton>
        {/* A hint beside the icon, not a second control: the icon is the one button. */}
        <Typography aria-hidden="true" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
          Search (Ctrl+/)
        </Typography>
      </Box>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={closeDialog} />
        </Suspense>
      ) : null}
    </>
  );
}
