import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  (): React.ReactElement;
  /** Fetches the chunk; once it is in, the page renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * `React.lazy` with a preload. A page whose chunk was fetched ahead (before the first render, or
 * together with the shell) renders synchronously, so no Suspense fallback shows and React's
 * fallback throttling never delays it.
 */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const load = () =>
    (pending ??= loader().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(load);
  const Page = (() => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }) as LazyPage;
  Page.preload = () => load().catch(() => undefined);
  return Page;
}
