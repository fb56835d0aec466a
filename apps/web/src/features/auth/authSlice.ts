import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@seyir/domain';
import { readJson, readStorage, STORAGE_KEYS } from '../../lib/storage';

export type AuthStatus = 'checking' | 'ready';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** 'checking' while a stored token without a user is validated on start (the shell shows a spinner). */
  status: AuthStatus;
  /** A message for the login page, e.g. §4's 'Oturum sonlandırıldı…'. */
  notice: string | null;
}

/** The state at start: whatever §4's local storage keys hold. */
export function loadAuthState(): AuthState {
  const token = readStorage(STORAGE_KEYS.token);
  const user = readJson<User>(STORAGE_KEYS.user);
  // With a stored user the screens render at once while the re-check runs in the background
  // (a failure still logs out); only a token without a user waits behind the spinner.
  return { token, user, status: token && !user ? 'checking' : 'ready', notice: null };
}

const initialState: AuthState = { token: null, user: null, status: 'ready', notice: null };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.notice = null;
    },
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'ready';
    },
    /** Logout, or a failed session check with its notice. */
    loggedOut(state, action: PayloadAction<string | undefined>) {
      state.token = null;
      state.user = null;
      state.status = 'ready';
      state.notice = action.payload ?? null;
    },
    /** Any 401 on an authenticated call. */
    sessionExpired(state) {
      state.token = null;
      state.user = null;
      state.status = 'ready';
    },
    noticeCleared(state) {
      state.notice = null;
    },
  },
});

export const { tokenReceived, userLoaded, loggedOut, sessionExpired, noticeCleared } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectToken = (state: { auth: AuthState }) => state.auth.token;
export const selectCurrentUser = (state: { auth: AuthState }) => state.auth.user;
export const selectAuthStatus = (state: { auth: AuthState }) => state.auth.status;
export const selectIsSignedIn = (state: { auth: AuthState }) => state.auth.token !== null;

/** The greeting's name: first name, else username, else 'Kullanıcı' (§2 Dashboard). */
export function displayName(user: Pick<User, 'first_name' | 'username'> | null, fallback: string): string {
  return user?.first_name?.trim() || user?.username?.trim() || fallback;
}
