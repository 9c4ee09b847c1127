import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSettings } from '../../lib/settings/use-settings.ts';

/** Light ↔ dark (semi-dark is only set in the customizer, and toggles to light). */
export function ModeToggler() {
  const { settings, saveSettings } = useSettings();
  const next = settings.mode === 'light' ? 'dark' : 'light';
  const label = `Switch to ${next} mode`;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => saveSettings({ mode: next })}>
        {next === 'dark' ? <DarkModeOutlined /> : <LightModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
