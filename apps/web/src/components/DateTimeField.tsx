import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatInputTr, parseDateValue, parseInputTr } from '../lib/dates';
import { DATE_FIELD } from '../messages/app';
import { Spinner, TextField } from './ui';

const TurkishCalendar = lazy(() => import('./TurkishCalendar'));

export interface DateTimeFieldProps {
  label: string;
  /** Local date-time, '2025-03-05T14:03', or '' for none. */
  value: string;
  onChange(value: string): void;
}

/**
 * A date and time typed the Turkish way ('05.03.2025 14:03') or picked from a Turkish calendar,
 * whatever language the browser speaks (a native date input follows the operating system's).
 * A day picked keeps the typed time (00:00 when none). An unreadable entry says so in Turkish
 * and changes nothing.
 */
export function DateTimeField({ label, value, onChange }: DateTimeFieldProps) {
  const [text, setText] = useState(() => formatInputTr(value));
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A value set from outside (Clear, a link) replaces what is typed; only `value` changes matter.
  useEffect(() => {
    if (parseInputTr(text) !== value) {
      setText(formatInputTr(value));
      setError(undefined);
    }
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const type = (next: string) => {
    setText(next);
    const parsed = parseInputTr(next);
    if (parsed !== null) {
      setError(undefined);
      onChange(parsed);
    }
  };
  const pick = (day: Date) => {
    const time = value ? value.slice(11, 16) : '00:00';
    const y = String(day.getFullYear()).padStart(4, '0');
    const local = `${y}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}T${time}`;
    setText(formatInputTr(local));
    setError(undefined);
    onChange(local);
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <TextField
        label={label}
        value={text}
        placeholder={DATE_FIELD.placeholder}
        inputMode="numeric"
        autoComplete="off"
        error={error}
        hint={DATE_FIELD.hint}
        className="pr-10 tabular-nums"
        onChange={(e) => type(e.target.value)}
        onBlur={() => setError(parseInputTr(text) === null ? DATE_FIELD.invalid : undefined)}
      />
      <button
        ref={toggle}
        type="button"
        aria-label={DATE_FIELD.openCalendar(label)}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => setOpen((o) => !o)}
        className="absolute top-[1.85rem] right-1 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
        </svg>
      </button>
      {open && (
        <div
          id={popoverId}
          role="dialog"
          aria-label={DATE_FIELD.calendar(label)}
          className="absolute top-full left-0 z-30 mt-1 rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <Suspense fallback={<Spinner label={DATE_FIELD.loading} />}>
            <TurkishCalendar selected={parseDateValue(value) ?? undefined} onSelect={pick} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
