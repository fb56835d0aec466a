import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { cx } from '../../components/ui';
import { COMMON } from '../../messages';
import { selectToasts, toastClosed, type Toast } from './toastSlice';

const TONES: Record<Toast['type'], string> = {
  success: 'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
};

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!Number.isFinite(toast.duration)) return;
    const timer = setTimeout(() => dispatch(toastClosed(toast.id)), toast.duration);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.duration]);
  return (
    <div role={toast.type === 'error' ? 'alert' : 'status'} className={cx('flex items-start gap-3 rounded-md border-l-4 p-3 shadow-lg', TONES[toast.type])}>
      <p className="flex-1 text-sm">{toast.message}</p>
      <button
        type="button"
        onClick={() => dispatch(toastClosed(toast.id))}
        className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
        aria-label={COMMON.close}
      >
        ×
      </button>
    </div>
  );
}

/** §4 toasts: auto-dismissed after their duration, or closed by hand. */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <section aria-label={COMMON.notifications} className="pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {toasts.map((t) => (
        <div key={t.id} className="pointer-events-auto w-full">
          <ToastItem toast={t} />
        </div>
      ))}
    </section>
  );
}
