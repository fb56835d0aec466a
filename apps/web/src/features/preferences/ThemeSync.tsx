import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { applyTheme, selectPreferences } from './preferencesSlice';

/** Keeps `<html class="dark">` in step with the theme, following the OS while it is 'system'. */
export function ThemeSync() {
  const { theme } = useAppSelector(selectPreferences);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);
  return null;
}
