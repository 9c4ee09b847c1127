import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A fieldset with its legend. The customizer uses plain elements and native inputs rather than
 * MUI's FormControl, Radio and Switch: it would be the only lazy chunk importing those without
 * the text field's other parts, and the bundler would then split the sign-in page's form chunk
 * (one more file on /login, /home and every list page; decision 025's budgets, ADR 040).
 */
export function Fieldset({ legend, legendId, children }: { legend: string; legendId: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography id={legendId} component="legend" variant="subtitle2" sx={{ p: 0, mb: 0.5 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}
