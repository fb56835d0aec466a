import { format } from 'date-fns';
import { DayPicker, type DayPickerProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import { DATE_LOCALE } from '../lib/dates';
import { DATE_FIELD } from '../messages/app';

/** The calendar's screen-reader labels in Turkish (the library's own are English). */
const LABELS: DayPickerProps['labels'] = {
  labelDayButton: (date, modifiers) => {
    const day = format(date, 'd MMMM yyyy EEEE', DATE_LOCALE);
    return [modifiers.today ? DATE_FIELD.today : '', day, modifiers.selected ? DATE_FIELD.selected : ''].filter(Boolean).join(', ');
  },
  labelNext: () => DATE_FIELD.nextMonth,
  labelPrevious: () => DATE_FIELD.previousMonth,
  labelNav: () => DATE_FIELD.navigation,
  labelMonthDropdown: () => DATE_FIELD.chooseMonth,
  labelYearDropdown: () => DATE_FIELD.chooseYear,
};

/**
 * A month calendar in Turkish (date-fns `tr`: month and day names, weeks from Monday), its own
 * chunk so screens load it only when a date field opens it. Keyboard: arrows move by day and
 * week, Page Up/Down by month, Enter picks.
 */
export default function TurkishCalendar({ selected, onSelect }: { selected: Date | undefined; onSelect(day: Date): void }) {
  return (
    <DayPicker
      mode="single"
      locale={DATE_LOCALE.locale}
      labels={LABELS}
      weekStartsOn={DATE_LOCALE.weekStartsOn}
      selected={selected}
      defaultMonth={selected}
      onSelect={(day) => day && onSelect(day)}
      autoFocus
      className="seyir-calendar"
    />
  );
}
