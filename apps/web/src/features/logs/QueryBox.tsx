import type { FieldSummary, QueryScope } from '@seyir/domain';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { TextField, cx } from '../../components/ui';
import { GROUPS, LOGS } from '../../messages/app';
import { querySuggestions } from './querySuggestions';

export interface QueryBoxProps {
  value: string;
  onChange(value: string): void;
  fields: readonly FieldSummary[];
  environments: readonly string[];
  /** The parse error to show (position and Turkish reason), if any. */
  error?: string | undefined;
  /** The screen it searches: its fields are offered, its example shown. Default: logs. */
  scope?: QueryScope;
}

/**
 * The search box of the logs and groups screens: a combobox that accepts the query language and, while a
 * word is typed, offers field names and their recent values (from GET /logs/fields). Arrow keys
 * move through the offers, Enter or a click takes one, Escape closes them; Enter with none open
 * submits the surrounding form.
 */
export function QueryBox({ value, onChange, fields, environments, error, scope = 'logs' }: QueryBoxProps) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const suggestions = useMemo(() => (caret === null ? null : querySuggestions(value, caret, { fields, environments, scope })), [value, caret, fields, environments, scope]);
  const open = !closed && !!suggestions;

  const choose = (index: number) => {
    if (!suggestions) return;
    const option = suggestions.options[index];
    if (!option) return;
    const next = value.slice(0, suggestions.from) + option.insert + value.slice(suggestions.to).replace(/^ /, option.insert.endsWith(' ') ? '' : ' ');
    const at = suggestions.from + option.insert.length;
    onChange(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open || !suggestions) return;
    const n = suggestions.options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(Math.min(active, n - 1));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setClosed(true);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative">
      <TextField
        ref={input}
        label={LOGS.search}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(Math.min(active, (suggestions?.options.length ?? 1) - 1)) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={scope === 'groups' ? GROUPS.searchPlaceholder : LOGS.searchPlaceholder}
        hint={scope === 'groups' ? GROUPS.searchHint : LOGS.searchHint}
        error={error}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setClosed(false);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onFocus={(e) => setCaret(e.currentTarget.selectionStart)}
        onBlur={() => setCaret(null)}
        onKeyDown={onKeyDown}
        className="font-mono"
      />
      {open && suggestions && (
        <ul
          id={listId}
          role="listbox"
          aria-label={LOGS.suggestions}
          className="absolute top-[4.25rem] right-0 left-0 z-30 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {suggestions.options.map((option, i) => (
            <li
              key={option.insert}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={cx(
                'flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 font-mono',
                i === active ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-slate-800 dark:text-slate-200',
              )}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
            >
              <span className="truncate">{option.label}</span>
              {option.count !== undefined && <span className="shrink-0 font-sans text-xs text-slate-500 dark:text-slate-400">{LOGS.suggestionValues(option.count)}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
