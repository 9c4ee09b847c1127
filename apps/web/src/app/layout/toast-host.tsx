import type { UiSettings } from '@boardwalk/shared/ui-settings';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { statusFill } from '../../lib/theme/accessible-colours.ts';
import { TOAST_TOP_OFFSET } from '../../lib/theme/constants.ts';
import { attachToastHost } from '../../lib/toast-queue.ts';

function anchorOf(position: UiSettings['toastPosition']) {
  const [vertical = 'top', horizontal = 'right'] = position.split('-') as [
    'top' | 'bottom',
    'left' | 'center' | 'right',
  ];
  return { vertical, horizontal };
}

const TOAST_VARIANTS = ['success', 'error', 'warning', 'info'] as const;

/** notistack's own colours (white on #43a047 is 3.3:1); these are the theme's readable fills. */
const ThemedToast = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(
    TOAST_VARIANTS.map((variant) => {
      const fill = statusFill(theme, variant);
      return [`&.notistack-MuiContent-${variant}`, { backgroundColor: fill.background, color: fill.text }];
    }),
  ),
);
const TOAST_COMPONENTS = Object.fromEntries(TOAST_VARIANTS.map((variant) => [variant, ThemedToast]));

/** The class of a toast stack anchored at the top: it starts below the page header's buttons. */
const TOP_CONTAINER = 'app-toasts-top';

/** Hands the queue's toasts to notistack while mounted. */
function QueueToNotistack() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () => attachToastHost(({ message, variant }) => void enqueueSnackbar(message, { variant })),
    [enqueueSnackbar],
  );
  return null;
}

/**
 * notistack at the UI settings' position, top-right by default, loaded and mounted by
 * ToastProvider with the first toast. A toast repeated while the first is still shown is not
 * added again, and a stack at the top starts below the top bar and the page header, whose
 * buttons it would otherwise cover.
 */
export function ToastHost() {
  const { settings } = useSettings();
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={5000}
      preventDuplicate
      anchorOrigin={anchorOf(settings.toastPosition)}
      Components={TOAST_COMPONENTS}
      classes={{
        containerAnchorOriginTopLeft: TOP_CONTAINER,
        containerAnchorOriginTopCenter: TOP_CONTAINER,
        containerAnchorOriginTopRight: TOP_CONTAINER,
      }}
    >
      <GlobalStyles
        styles={(theme) => ({
          [`.notistack-SnackbarContainer.${TOP_CONTAINER}`]: {
            top: TOAST_TOP_OFFSET.xs,
            [theme.breakpoints.up('sm')]: { top: TOAST_TOP_OFFSET.sm },
          },
        })}
      />
      <QueueToNotistack />
    </SnackbarProvider>
  );
}
