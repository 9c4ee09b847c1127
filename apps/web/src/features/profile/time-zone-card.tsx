import { Card, CardContent, TextField, Typography } from '@mui/material';
import { useMemo, type ChangeEvent } from 'react';
import { browserTimeZone, formatDateTime, formatUtc } from '../../lib/format-date.ts';
import { useSettings } from '../../lib/settings/use-settings.ts';

/** Every zone this browser can show times in; UTC first, as engines differ on listing it. */
function knownZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...listed.filter((zone) => zone !== 'UTC')];
}

/**
 * The zone one's times show in: the browser's by default, or one chosen here (a UI setting, so
 * it follows the user to another device). Every time in the app shows in it, with UTC on hover.
 */
export function TimeZoneCard() {
  const { settings, saveSettings } = useSettings();
  const zones = useMemo(knownZones, []);
  const browser = browserTimeZone();
  const now = useMemo(() => new Date(), []);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => saveSettings({ timeZone: event.target.value });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography component="h2" variant="h6" gutterBottom>
          Time zone
        </Typography>
        <TextField
          select
          label="Show times in"
          value={settings.timeZone}
          onChange={onChange}
          slotProps={{ select: { native: true } }}
          helperText={`Now: ${formatDateTime(now)} (${formatUtc(now)})`}
          sx={{ minWidth: 280, maxWidth: '100%' }}
        >
          <option value="">{`This browser's zone (${browser})`}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}
