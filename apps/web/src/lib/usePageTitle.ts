import { useEffect } from 'react';
import { COMMON } from '../messages';

/** Names the browser tab after the screen ('Loglar · Seyir'), for people and screen readers. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = COMMON.pageTitle(title);
  }, [title]);
}
