import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSettings } from '../../../lib/settings/use-settings.ts';
import { rememberSearch } from './last-searches.ts';
import { optionId, SearchOptions, type SearchOption } from './search-options.tsx';
import { useMerchantSearch } from './use-merchant-search.ts';

const SEARCH_FIELD_ID = 'app-search';
const LIST_ID = 'app-search-list';
/** The dialog is at most 400px high; the list scrolls inside it. */
export const SEARCH_DIALOG_MAX_HEIGHT = 400;

/**
 * The merchant search dialog. It searches on Enter only; shows the
 * user's previous searches (UI settings `lastSearches`, saved on the server so they follow the
 * user) while the query is empty; `No results for "…"` when nothing matched or the call failed;
 * choosing a result opens the merchant. The trigger unmounts it on close, which clears the
 * query, the results and the no-results state.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { settings, saveSettings } = useSettings();
  const search = useMerchantSearch();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);

  const previous = settings.lastSearches;
  const showResults = !search.noResults && search.results.length > 0;
  const showPrevious = !search.noResults && !showResults && query === '' && previous.length > 0;
  const options: SearchOption[] = showResults
    ? search.results.map((r) => ({ kind: 'merchant', key: r.id, label: r.dbaName, detail: r.stage.name, url: r.url }))
    : showPrevious
      ? previous.map((p) => ({ kind: 'previous', key: p, label: p }))
      : [];

  function runSearch(text: string) {
    const q = text.trim();
    setActive(-1);
    if (q !== '') saveSettings({ lastSearches: rememberSearch(previous, q) });
    void search.run(q);
  }

  function choose(option: SearchOption) {
    if (option.kind === 'previous') {
      setQuery(option.label);
      runSearch(option.label);
      return;
    }
    onClose();
    void navigate(option.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => wrap(i, step, options.length));
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const chosen = options[active];
    if (chosen) choose(chosen);
    else runSearch(query);
  }

  function onChange(text: string) {
    setQuery(text);
    setActive(-1);
    // Clearing the field goes back to the previous searches.
    if (text === '') search.clear();
  }

  const listTitle = showResults ? 'Merchants' : 'Previous searches';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      // The dialog is named by its field's label (MUI's Dialog otherwise points at a missing title).
      aria-labelledby={`${SEARCH_FIELD_ID}-label`}
      slotProps={{ paper: { sx: { maxHeight: SEARCH_DIALOG_MAX_HEIGHT, alignSelf: 'flex-start', mt: 10 } } }}
    >
      <Box sx={{ px: 3, pt: 2, pb: 1 }}>
        <TextField
          id={SEARCH_FIELD_ID}
          autoFocus
          fullWidth
          variant="standard"
          label="Search merchants"
          value={query}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          helperText="Name, contact, email, phone or MID, then Enter"
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': options.length > 0,
              'aria-controls': options.length > 0 ? LIST_ID : undefined,
              'aria-activedescendant': active >= 0 && options[active] ? optionId(LIST_ID, active) : undefined,
              autoComplete: 'off',
              maxLength: 200,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label="Close search" onClick={onClose} edge="end" size="small">
                    <Close fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {search.loading ? <LinearProgress aria-label="Searching" /> : null}
      <DialogContent sx={{ px: 0, pt: 0, pb: 1 }}>
        {search.noResults ? (
          <Typography role="status" sx={{ px: 3, py: 2 }} color="text.secondary">
            {`No results for "${search.searched}"`}
          </Typography>
        ) : null}
        {options.length > 0 ? (
          <SearchOptions id={LIST_ID} title={listTitle} options={options} active={active} onChoose={choose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The next active index: -1 (none, the field) and then each option, round and round. */
function wrap(index: number, step: number, count: number): number {
  const next = index + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
