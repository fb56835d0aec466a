// Applies the saved theme before the first paint so dark mode never flashes light.
try {
  var p = JSON.parse(localStorage.getItem('preferences') || '{}');
  var t = p.theme || 'system';
  if (t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)) {
    document.documentElement.classList.add('dark');
  }
} catch (e) {
  // Storage may be unavailable (private mode); the default light theme applies.
}
