import type { AppDispatch, RootState } from '../../app/store';
import { AUTH_MESSAGES } from '../../messages';
import { toastWarning } from '../toasts/toastSlice';
import { authApi } from './authApi';
import { loggedOut, userLoaded } from './authSlice';

/**
 * §4 start-up: with a stored token, the current user is fetched again; a failure logs out
 * and leaves 'Oturum sonlandırıldı. Lütfen tekrar giriş yapın.' for the login page.
 */
export function checkSession() {
  return async (dispatch: AppDispatch, getState: () => RootState) => {
    if (!getState().auth.token) return;
    const request = dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    try {
      // A 401 resets the api state mid-flight, which settles the request without data.
      const user = await request.unwrap();
      if (!user) throw new Error('no user');
      dispatch(userLoaded(user));
    } catch {
      dispatch(loggedOut(AUTH_MESSAGES.sessionEnded));
      dispatch(toastWarning(AUTH_MESSAGES.sessionEnded));
    }
  };
}

/** Logout: revokes the token on the server (best effort), then forgets it locally. */
export function logout() {
  return async (dispatch: AppDispatch) => {
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch {
      // The local session ends regardless; an unreachable server must not keep the user in.
    }
    dispatch(loggedOut());
  };
}
