import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/App';
import { makeStore } from '../../app/store';
import { ownerUser, projectFor } from '../../test/fixtures';
import { createFakeLive } from '../../test/fakeLive';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { checkSession } from './session';

function storeFromStorage() {
  return makeStore({ live: createFakeLive().hub });
}

describe('session (§4)', () => {
  it('sends a visitor from a signed-in screen to /login', async () => {
    renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
  });

  it('re-checks a stored session on start and keeps the fresh user', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...ownerUser, first_name: 'Eski' }));
    server.use(http.get(api('/auth/me'), () => HttpResponse.json(ownerUser)));
    const store = storeFromStorage();
    expect(store.getState().auth.user?.first_name).toBe('Eski');
    await store.dispatch(checkSession());
    expect(store.getState().auth.status).toBe('ready');
    expect(store.getState().auth.user?.first_name).toBe('Ayşe');
  });

  it('waits behind the spinner when only a token is stored', async () => {
    localStorage.setItem('authToken', 'tok');
    server.use(http.get(api('/auth/me'), () => HttpResponse.json(ownerUser)));
    const store = storeFromStorage();
    expect(store.getState().auth.status).toBe('checking');
    await store.dispatch(checkSession());
    expect(store.getState().auth.status).toBe('ready');
  });

  it("logs out with 'Oturum sonlandırıldı…' when the stored session fails", async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('user', JSON.stringify(ownerUser));
    server.use(http.get(api('/auth/me'), () => HttpResponse.json({ detail: 'Oturum açmanız gerekiyor.', code: 'UNAUTHENTICATED' }, { status: 401 })));
    const store = storeFromStorage();
    await store.dispatch(checkSession());
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.notice).toBe('Oturum sonlandırıldı. Lütfen tekrar giriş yapın.');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('removes token and user and returns to /login on any 401', async () => {
    server.use(
      http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])),
      http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
      http.get(api('/projects/p1/logs/'), () => HttpResponse.json({ detail: 'Oturum açmanız gerekiyor.', code: 'UNAUTHENTICATED' }, { status: 401 })),
    );
    localStorage.setItem('authToken', 'test-token');
    const { store } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs', signedInAs: ownerUser });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
