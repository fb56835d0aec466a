import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadRoute } from './app/App';
import { makeStore } from './app/store';
import './index.css';

const store = makeStore();

// The first screen's chunks are fetched before the first render, so it renders in one go.
void preloadRoute(window.location.pathname, store.getState().auth.token !== null).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
});
