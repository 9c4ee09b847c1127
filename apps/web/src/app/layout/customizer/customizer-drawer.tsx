import type { UiSettings } from '@boardwalk/shared/ui-settings';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { appBarChoices, modeChoices } from '../../../lib/settings/layout-rules.ts';
import { BOOT_DEFAULTS } from '../../../lib/settings/settings-storage.ts';
import { useSettings } from '../../../lib/settings/use-settings.ts';
import { useWideScreen } from '../screen-settings.tsx';
import { ChoiceGroup, Toggle } from './choice-group.tsx';
import { ColourChoice } from './colour-choice.tsx';

/** The twelve settings the customizer sets; Reset puts them back to the product specification's defaults. */
export const CUSTOMIZER_KEYS = [
  'skin',
  'mode',
  'themeColor',
  'contentWidth',
  'appBar',
  'appBarBlur',
  'footer',
  'direction',
  'layout',
  'verticalNavToggleType',
  'navCollapsed',
  'navHidden',
] as const satisfies readonly (keyof UiSettings)[];

const MODE_LABELS: Record<UiSettings['mode'], string> = { light: 'Light', dark: 'Dark', 'semi-dark': 'Semi dark' };
const BAR_LABELS = { fixed: 'Fixed', static: 'Static', hidden: 'Hidden' } as const;

export type CustomizerDrawerProps = { open: boolean; onClose: () => void };

/**
 * The theme customizer: every change applies at once, is kept in localStorage
 * `settings` and, signed in, in the user's UI settings on the server (SettingsProvider).
 * Choices the layout rules forbid are not offered.
 */
export function CustomizerDrawer({ open, onClose }: CustomizerDrawerProps) {
  const { settings, saveSettings } = useSettings();
  const wide = useWideScreen();
  const titleId = useId();
  const set =
    <K extends keyof UiSettings>(key: K) =>
    (value: UiSettings[K]) =>
      saveSettings({ [key]: value });
  const horizontal = settings.layout === 'horizontal';
  const reset = () => saveSettings(Object.fromEntries(CUSTOMIZER_KEYS.map((key) => [key, BOOT_DEFAULTS[key]])));

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        backdrop: { invisible: true },
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: '100vw' } },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            Theme customizer
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Kept for you on every device
          </Typography>
        </Box>
        <IconButton aria-label="Close theme customizer" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Stack spacing={2.5} sx={{ px: 3, py: 2.5, overflowY: 'auto' }}>
        <Typography variant="overline" component="h3" color="text.secondary">
          Theming
        </Typography>
        <ChoiceGroup
          legend="Skin"
          value={settings.skin}
          onChange={set('skin')}
          choices={[
            { value: 'default', label: 'Default' },
            { value: 'bordered', label: 'Bordered' },
          ]}
        />
        <ChoiceGroup
          legend="Mode"
          value={settings.mode}
          onChange={set('mode')}
          choices={modeChoices(settings.layout).map((value) => ({ value, label: MODE_LABELS[value] }))}
          helperText={horizontal ? 'Semi dark is offered with the vertical menu only' : undefined}
        />
        <ColourChoice value={settings.themeColor} onChange={set('themeColor')} />
        <Divider />
        <Typography variant="overline" component="h3" color="text.secondary">
          Layout
        </Typography>
        <ChoiceGroup
          legend="Content width"
          value={settings.contentWidth}
          onChange={set('contentWidth')}
          choices={[
            { value: 'full', label: 'Full' },
            { value: 'boxed', label: 'Boxed' },
          ]}
        />
        <ChoiceGroup
          legend="App bar"
          value={settings.appBar}
          onChange={set('appBar')}
          choices={appBarChoices(settings.layout).map((value) => ({ value, label: BAR_LABELS[value] }))}
        />
        <Toggle label="Blur the app bar" checked={settings.appBarBlur} onChange={set('appBarBlur')} />
        <ChoiceGroup
          legend="Footer"
          value={settings.footer}
          onChange={set('footer')}
          choices={(['fixed', 'static', 'hidden'] as const).map((value) => ({ value, label: BAR_LABELS[value] }))}
        />
        <Toggle
          label="Right to left"
          checked={settings.direction === 'rtl'}
          onChange={(rtl) => saveSettings({ direction: rtl ? 'rtl' : 'ltr' })}
        />
        <Divider />
        <Typography variant="overline" component="h3" color="text.secondary">
          Menu
        </Typography>
        <ChoiceGroup
          legend="Menu layout"
          value={settings.layout}
          onChange={set('layout')}
          choices={[
            { value: 'vertical', label: 'Vertical' },
            { value: 'horizontal', label: 'Horizontal', disabled: !wide },
          ]}
          helperText={wide ? undefined : 'The horizontal menu needs a screen 1200px wide or more'}
        />
        <ChoiceGroup
          legend="Menu toggle"
          value={settings.verticalNavToggleType}
          onChange={set('verticalNavToggleType')}
          choices={[
            { value: 'accordion', label: 'Accordion' },
            { value: 'collapse', label: 'Collapse' },
          ]}
        />
        <Toggle
          label="Menu collapsed"
          checked={settings.navCollapsed}
          onChange={set('navCollapsed')}
          disabled={!wide || horizontal}
        />
        <Toggle label="Menu hidden" checked={settings.navHidden} onChange={set('navHidden')} />
        <Divider />
        <Button variant="outlined" color="secondary" onClick={reset}>
          Reset to defaults
        </Button>
      </Stack>
    </Drawer>
  );
}
