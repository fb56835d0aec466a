import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a client-side navigation, moves focus to the main region so keyboard and screen-reader
 * users start at the new screen's content (not on the first load).
 */
export function useFocusOnNavigate<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus({ preventScroll: false });
  }, [pathname]);
  return ref;
}
