import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** §3 User preferences, stored locally under `preferences`. */
export interface Preferences {
  theme: Theme;
  emailNotifications: boolean;
  slackNotifications: boolean;
  slackWebhookUrl: string;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  emailNotifications: true,
  slackNotifications: false,
  slackWebhookUrl: '',
};

export function loadPreferences(): Preferences {
  const stored = readJson<Partial<Preferences>>(STORAGE_KEYS.preferences) ?? {};
  const theme = THEMES.includes(stored.theme as Theme) ? (stored.theme as Theme) : DEFAULT_PREFERENCES.theme;
  return { ...DEFAULT_PREFERENCES, ...stored, theme };
}

/** Writes the preferences; throws when storage refuses so the caller can report §8's failure. */
export function storePreferences(prefs: Preferences): void {
  writeStorage(STORAGE_KEYS.preferences, JSON.stringify(prefs), true);
}

/** Whether the page should be dark for `theme` (system follows `prefers-color-scheme`). */
export function isDarkTheme(theme: Theme): boolean {
  if (theme === 'dark') return true;
  if (theme === 'light') return false;
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** Puts the `dark` class on `<html>` for the theme. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', isDarkTheme(theme));
  document.documentElement.style.colorScheme = isDarkTheme(theme) ? 'dark' : 'light';
}

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: DEFAULT_PREFERENCES,
  reducers: {
    preferencesSaved(_state, action: PayloadAction<Preferences>) {
      return action.payload;
    },
  },
});

export const { preferencesSaved } = preferencesSlice.actions;
export const preferencesReducer = preferencesSlice.reducer;
export const selectPreferences = (state: { preferences: Preferences }) => state.preferences;
