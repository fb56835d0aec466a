import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@seyir/domain';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { Toaster } from '../features/toasts/Toaster';
import { DEFAULT_PREFERENCES } from '../features/preferences/preferencesSlice';
import { createFakeLive } from './fakeLive';

export interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries'> {
  /** The URL the router starts at. */
  route?: string;
  /** A route pattern for `ui` (e.g. '/projects/:projectId/settings'), so params resolve. */
  path?: string;
  /** Signs in as this user (token 'test-token'). */
  signedInAs?: User | null;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  live?: ReturnType<typeof createFakeLive>;
}

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export function signedInState(user: User | null): Partial<RootState> {
  return {
    auth: user ? { token: 'test-token', user, status: 'ready', notice: null } : { token: null, user: null, status: 'ready', notice: null },
    preferences: DEFAULT_PREFERENCES,
  };
}

/** Renders `ui` inside the store, a memory router and the toaster, as the app does. */
export function renderWithProviders(ui: ReactElement, options: ExtendedRenderOptions = {}) {
  const { route = '/', path, signedInAs = null, preloadedState, live = createFakeLive(), store, ...renderOptions } = options;
  const theStore = store ?? makeStore({ preloadedState: preloadedState ?? signedInState(signedInAs), live: live.hub });
  const element = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <Provider store={theStore}>
      <MemoryRouter initialEntries={[route]}>
        {element}
        <LocationProbe />
        <Toaster />
      </MemoryRouter>
    </Provider>,
    renderOptions,
  );
  return { store: theStore, live, user: userEvent.setup(), ...result };
}
