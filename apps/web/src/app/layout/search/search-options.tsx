import History from '@mui/icons-material/History';
import Storefront from '@mui/icons-material/Storefront';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';

export type SearchOption =
  | { kind: 'merchant'; key: string; label: string; detail: string; url: string }
  | { kind: 'previous'; key: string; label: string };

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

export type SearchOptionsProps = {
  id: string;
  title: string;
  options: SearchOption[];
  /** The option the arrow keys point at (-1: none); the field names it in aria-activedescendant. */
  active: number;
  onChoose: (option: SearchOption) => void;
};

/**
 * The results or previous searches as a listbox. Focus stays in the search field (the
 * combobox pattern): the arrow keys move `active`, Enter or a click chooses.
 */
export function SearchOptions({ id, title, options, active, onChoose }: SearchOptionsProps) {
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(id, active))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);

  return (
    <>
      <Typography id={`${id}-title`} variant="overline" color="text.secondary" component="p" sx={{ px: 3 }}>
        {title}
      </Typography>
      <List id={id} role="listbox" aria-labelledby={`${id}-title`} dense sx={{ pt: 0 }}>
        {options.map((option, index) => (
          <ListItemButton
            key={option.key}
            id={optionId(id, index)}
            role="option"
            aria-selected={index === active}
            selected={index === active}
            tabIndex={-1}
            // Keep the focus in the field: a mouse press would otherwise move it here.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              {option.kind === 'merchant' ? <Storefront fontSize="small" /> : <History fontSize="small" />}
            </ListItemIcon>
            <ListItemText primary={option.label} secondary={option.kind === 'merchant' ? option.detail : undefined} />
          </ListItemButton>
        ))}
      </List>
    </>
  );
}
