import type { UiSettings } from '@boardwalk/shared/ui-settings';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { THEME_COLOURS } from '../../../lib/theme/palette.ts';
import { Fieldset } from './fieldset.tsx';

type ThemeColor = UiSettings['themeColor'];

/** The six theme colours, by the name a user would give them. */
export const COLOUR_NAMES: Record<ThemeColor, string> = {
  primary: 'Purple',
  secondary: 'Grey',
  success: 'Green',
  error: 'Red',
  warning: 'Amber',
  info: 'Blue',
};

/** The primary colour: six swatches, each a native radio button named for its colour. */
export function ColourChoice({ value, onChange }: { value: ThemeColor; onChange: (value: ThemeColor) => void }) {
  const legendId = useId();
  const name = useId();
  return (
    <Fieldset legend="Primary colour" legendId={legendId}>
      <Box role="radiogroup" aria-labelledby={legendId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: 0.5 }}>
        {(Object.keys(COLOUR_NAMES) as ThemeColor[]).map((colour) => (
          <Box
            component="label"
            key={colour}
            title={COLOUR_NAMES[colour]}
            sx={{
              position: 'relative',
              width: 40,
              height: 40,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: THEME_COLOURS[colour].main,
              '&:has(input:checked)': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 2 },
              '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 4 },
            }}
          >
            <Box
              component="input"
              type="radio"
              name={name}
              value={colour}
              aria-label={COLOUR_NAMES[colour]}
              checked={colour === value}
              onChange={() => onChange(colour)}
              sx={{ position: 'absolute', inset: 0, m: 0, opacity: 0, cursor: 'inherit' }}
            />
          </Box>
        ))}
      </Box>
    </Fieldset>
  );
}
