// Applies the saved light/dark choice (or the system preference) before the first paint.
// An external file rather than an inline script, so the Content-Security-Policy stays strict.
(function () {
  try {
    var saved = localStorage.getItem('theme');
    var dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {}
})();
