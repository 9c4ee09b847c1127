import type { UiSettings } from '@boardwalk/shared/ui-settings';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { THEME_COLOURS } from '../../../lib/theme/palette.ts';

type ThemeColor = UiSettings['themeColor'];

/** The six theme colours (SPEC §2), by the name a user would give them. */
export const COLOUR_NAMES: Record<ThemeColor, string> = {
  primary: 'Purple',
  secondary: 'Grey',
  success: 'Green',
  error: 'Red',
  warning: 'Amber',
  info: 'Blue',
};

function Swatch({ colour, checked }: { colour: ThemeColor; checked: boolean }) {
  const { main, contrastText } = THEME_COLOURS[colour];
  return (
    <Box
      component="span"
      sx={{
        width: 40,
        height: 40,
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        bgcolor: main,
        color: contrastText,
        outline: checked ? '2px solid' : 'none',
        outlineColor: 'text.primary',
        outlineOffset: 2,
      }}
    >
      {checked ? <Check fontSize="small" /> : null}
    </Box>
  );
}

/** The primary colour: six swatches, each a radio button named for its colour. */
export function ColourChoice({ value, onChange }: { value: ThemeColor; onChange: (value: ThemeColor) => void }) {
  const legendId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel id={legendId} component="legend" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 1 }}>
        Primary colour
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={legendId}
        value={value}
        onChange={(event) => onChange(event.target.value as ThemeColor)}
        sx={{ gap: 1 }}
      >
        {(Object.keys(COLOUR_NAMES) as ThemeColor[]).map((colour) => (
          <Radio
            key={colour}
            value={colour}
            disableRipple
            icon={<Swatch colour={colour} checked={false} />}
            checkedIcon={<Swatch colour={colour} checked />}
            slotProps={{ input: { 'aria-label': COLOUR_NAMES[colour] } }}
            sx={{ p: 0.5, '&.Mui-focusVisible span': { outline: '2px solid', outlineColor: 'primary.main' } }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
