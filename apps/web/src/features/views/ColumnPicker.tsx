import { ALWAYS_SHOWN_COLUMNS, isCustomColumn, VIEW_MAX_COLUMNS, type FieldSummary } from '@seyir/domain';
import { useId, useState } from 'react';
import { Button, CheckboxField, TextField } from '../../components/ui';
import { VIEWS } from '../../messages/app';
import { columnLabel } from '../logs/logColumns';

/** Built-in columns a view may add to time, level and message, in the order the table shows them. */
export const OPTIONAL_BUILT_IN_COLUMNS = ['environment', 'host', 'logger', 'release', 'tags', 'group'] as const;

/** A view's full column list from the picker's choice: fixed ones, chosen built-ins, custom fields. */
export function viewColumns(chosen: readonly string[]): string[] {
  const builtIns = OPTIONAL_BUILT_IN_COLUMNS.filter((c) => chosen.includes(c));
  return [...ALWAYS_SHOWN_COLUMNS, ...builtIns, ...chosen.filter(isCustomColumn)];
}

export interface ColumnPickerProps {
  /** The chosen columns besides time, level and message. */
  value: string[];
  onChange(columns: string[]): void;
  /** The project's recent custom keys (GET /logs/fields), offered as the custom field is typed. */
  fields: readonly FieldSummary[];
}

/**
 * The columns of a saved view: check boxes for the built-in ones, and custom fields
 * (`metadata.user_id`, `context.order.id`) added by name, with the project's recent keys offered.
 * A wrong name or one too many says why in Turkish, next to the field.
 */
export function ColumnPicker({ value, onChange, fields }: ColumnPickerProps) {
  const listId = useId();
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string>();
  const customChosen = value.filter(isCustomColumn);
  const offers = fields.map((f) => f.key).filter((k) => isCustomColumn(k) && !value.includes(k));

  const add = () => {
    const key = custom.trim();
    if (!isCustomColumn(key)) return setError(VIEWS.customInvalid);
    if (value.includes(key)) return setError(VIEWS.customDuplicate);
    if (viewColumns(value).length >= VIEW_MAX_COLUMNS) return setError(VIEWS.tooManyColumns(VIEW_MAX_COLUMNS));
    setError(undefined);
    setCustom('');
    onChange([...value, key]);
  };

  return (
    <div className="w-full space-y-3">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{VIEWS.columnsLegend}</legend>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {OPTIONAL_BUILT_IN_COLUMNS.map((c) => (
            <CheckboxField
              key={c}
              label={columnLabel(c)}
              checked={value.includes(c)}
              onChange={(e) => onChange(e.target.checked ? [...value, c] : value.filter((x) => x !== c))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{VIEWS.customColumns}</legend>
        {customChosen.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={VIEWS.customColumns}>
            {customChosen.map((key) => (
              <li key={key} className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {key}
                <button
                  type="button"
                  className="rounded-full px-1.5 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700"
                  aria-label={VIEWS.removeColumn(key)}
                  onClick={() => onChange(value.filter((x) => x !== key))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 sm:min-w-56">
            <TextField
              label={VIEWS.customField}
              hint={VIEWS.customHint}
              error={error}
              list={listId}
              value={custom}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
              onChange={(e) => {
                setCustom(e.target.value);
                setError(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <datalist id={listId}>
              {offers.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          </div>
          <Button size="sm" variant="secondary" onClick={add}>
            {VIEWS.addColumn}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
