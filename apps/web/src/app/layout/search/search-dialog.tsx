import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

const SEARCH_FIELD_ID = 'app-search';

/**
 * The search dialog's frame: opens from the icon or Ctrl+/, closes on Escape or the close
 * button. Searching merchants comes with the merchants issue (SPEC §4 search states).
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      // The dialog is named by its only field's label (MUI's Dialog otherwise points at a missing title).
      aria-labelledby={`${SEARCH_FIELD_ID}-label`}
      slotProps={{ paper: { sx: { maxHeight: 400, alignSelf: 'flex-start', mt: 10 } } }}
    >
      <DialogContent sx={{ pb: 3 }}>
        <TextField
          id={SEARCH_FIELD_ID}
          autoFocus
          fullWidth
          variant="standard"
          label="Search merchants"
          slotProps={{
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
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Merchant search arrives with the merchant screens.
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
