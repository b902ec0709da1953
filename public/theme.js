// Applies the stored theme before the first paint so a dark-theme reload never flashes light.
// A file of its own, not an inline script: the Content-Security-Policy allows scripts from our origin only.
try {
  document.documentElement.dataset.theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
} catch (e) {
  document.documentElement.dataset.theme = 'light';
}
