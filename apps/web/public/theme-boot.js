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

// Loads the browser's date and time zone data (ICU) while the page waits for the app's
// JavaScript: the first Intl formatter of a page load costs 30-40 ms at full speed (more on a
// phone), and /home's todos tile needs one (the browser's time zone) in its first render, where
// it was one of the load's long tasks. Here the main thread is idle, waiting for the network
// (decision 063). Not on /login, which formats no date.
(function () {
  try {
    if (!/^\/login\/?$/i.test(window.location.pathname)) Intl.DateTimeFormat().resolvedOptions();
  } catch {
    /* no Intl: the app falls back to UTC */
  }
})();
