import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { EMOTION_CACHE_KEY } from '@boardwalk/shared/start-styles';

/**
 * Emotion's style cache for right-to-left (ADR 040): the stylis plugin flips every physical
 * property (margin-left, left, border-right…) as styles are written, which with the theme's
 * `direction: 'rtl'` mirrors MUI and the DataGrid. Loaded only when the direction is rtl.
 */
export const rtlCache = createCache({ key: `${EMOTION_CACHE_KEY}-rtl`, stylisPlugins: [rtlPlugin] });
