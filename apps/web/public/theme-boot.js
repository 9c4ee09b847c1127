// Paints the page background in the saved mode before the app's JavaScript arrives, so a dark
// user does not see a white flash on reload. Mirrors UI_SETTINGS_STORAGE_KEY ('settings').
/* global window, document */
(function () {
  try {
    var settings = JSON.parse(window.localStorage.getItem('settings') || '{}');
    var dark = settings && settings.mode === 'dark';
    var root = document.documentElement;
    root.style.colorScheme = dark ? 'dark' : 'light';
    root.style.backgroundColor = dark ? '#28243D' : '#F4F5FA';
  } catch {
    /* unreadable settings: keep the light default */
  }
})();

// The first Intl formatter (ICU's data, 30-40 ms) while the page waits for its code (decision 063).
(function () {
  try {
    if (!/^\/login\/?$/i.test(window.location.pathname)) Intl.DateTimeFormat().resolvedOptions();
  } catch {
    /* no Intl: the app falls back to UTC */
  }
})();
