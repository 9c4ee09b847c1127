/** The business constants of the shell, as the product specification gives them. */
export const PRIMARY_COLOR = '#9155FD';
export const TOOLBAR_MIN_HEIGHT = 64;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const BOXED_CONTENT_WIDTH = 1440;
export const NAV_WIDTH = 260;
export const NAV_COLLAPSED_WIDTH = 68;
export const USER_MENU_WIDTH = 230;
export const SCROLL_TO_TOP_THRESHOLD = 400;
/** All shell animations (0.25s). */
export const ANIMATION_MS = 250;
export const ANIMATION = `${ANIMATION_MS / 1000}s ease-in-out`;
/** The nav drawer opens by a swipe from this edge area on touch screens. */
export const SWIPE_AREA_WIDTH = 20;
export const DEFAULT_PORTAL_NAME = 'Boardwalk';
/**
 * Where a toast stack anchored at the top starts: below the top bar (64), the content's top
 * padding (24) and a page header (a 40px row of buttons from sm up; title above buttons below).
 */
export const TOAST_TOP_OFFSET = { xs: TOOLBAR_MIN_HEIGHT + 24 + 104, sm: TOOLBAR_MIN_HEIGHT + 24 + 48 } as const;
