import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { apiSlice } from '../features/api/apiSlice';
import { authReducer, loadAuthState, type AuthState } from '../features/auth/authSlice';
import { LiveHub, socketTransport } from '../features/live/liveHub';
import { liveReducer, liveStatusChanged } from '../features/live/liveSlice';
import { loadPreferences, preferencesReducer } from '../features/preferences/preferencesSlice';
import { toastReducer } from '../features/toasts/toastSlice';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';

const rootReducer = combineReducers({
  [apiSlice.reducerPath]: apiSlice.reducer,
  auth: authReducer,
  preferences: preferencesReducer,
  toasts: toastReducer,
  live: liveReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What `onCacheEntryAdded` and thunks get as `extra`. */
export interface ThunkExtra {
  live: LiveHub;
}

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Defaults to the Socket.IO hub; tests pass a hub over a fake transport. */
  live?: LiveHub;
}

/**
 * Builds the store. Unless state is given, auth and preferences start from local storage;
 * auth changes are written back to `authToken` and `user` (§4), so a 401 or a logout removes both.
 */
export function makeStore(options: MakeStoreOptions = {}) {
  let getToken: () => string | null = () => null;
  const live = options.live ?? new LiveHub(() => socketTransport(() => getToken()));
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState ?? { auth: loadAuthState(), preferences: loadPreferences() },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { live } satisfies ThunkExtra } }).concat(apiSlice.middleware),
  });
  getToken = () => store.getState().auth.token;
  live.setStatusListener((status) => store.dispatch(liveStatusChanged(status)));
  // A project the server could not keep streaming (client too slow or away too long) is re-read.
  live.setReloadListener((projectId) =>
    store.dispatch(
      apiSlice.util.invalidateTags([
        { type: 'Log', id: projectId },
        { type: 'Group', id: `LIST-${projectId}` },
        { type: 'GroupSummary', id: projectId },
        'Dashboard',
      ]),
    ),
  );

  let lastAuth: AuthState = store.getState().auth;
  store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth === lastAuth) return;
    const previous = lastAuth;
    lastAuth = auth;
    if (auth.token !== previous.token) writeStorage(STORAGE_KEYS.token, auth.token);
    if (auth.user !== previous.user) writeStorage(STORAGE_KEYS.user, auth.user ? JSON.stringify(auth.user) : null);
    if (previous.token && !auth.token) {
      store.dispatch(apiSlice.util.resetApiState());
      live.shutdown();
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
