/**
 * A date field that shows German dates whatever the browser's language ("Mo., 23.11.2026"); a
 * native `<input type=date>` would show the browser's locale. The button opens a month calendar:
 * arrow keys move by a day or a week, Page Up/Down by a month (with Shift by a year), Home/End to
 * the week's Monday/Sunday, Enter or Space choose, Escape closes without a change.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { formatDateDe, formatMonthDe, isIsoDate } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';
import {
  datePickerMachine,
  isChoosable,
  monthSheet,
  type DatePickerEvent,
} from '../dates/date-picker-machine';
import { Icon } from './icon';
import '../styles/date-field.css';

const WEEKDAY_HEADERS = [
  ['Mo', 'Montag'],
  ['Di', 'Dienstag'],
  ['Mi', 'Mittwoch'],
  ['Do', 'Donnerstag'],
  ['Fr', 'Freitag'],
  ['Sa', 'Samstag'],
  ['So', 'Sonntag'],
] as const;

const KEY_EVENTS: Record<string, (shift: boolean) => DatePickerEvent> = {
  ArrowLeft: () => ({ type: 'cursor.days', days: -1 }),
  ArrowRight: () => ({ type: 'cursor.days', days: 1 }),
  ArrowUp: () => ({ type: 'cursor.days', days: -7 }),
  ArrowDown: () => ({ type: 'cursor.days', days: 7 }),
  PageUp: (shift) => ({ type: 'cursor.months', months: shift ? -12 : -1 }),
  PageDown: (shift) => ({ type: 'cursor.months', months: shift ? 12 : 1 }),
  Home: () => ({ type: 'cursor.weekStart' }),
  End: () => ({ type: 'cursor.weekEnd' }),
  Enter: () => ({ type: 'choose' }),
  ' ': () => ({ type: 'choose' }),
  Escape: () => ({ type: 'close' }),
};

function CalendarIcon() {
  return (
    <Icon size={18}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Icon>
  );
}

export interface DateFieldProps {
  /** Names the field; shown above it unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  /** '' when no day is chosen yet (an optional filter); the calendar then opens on today. */
  value: IsoDate | '';
  onChange: (date: IsoDate) => void;
  /** For an optional date: shows a button that empties the field. */
  onClear?: () => void;
  /** What an empty field shows, e.g. "beliebig". */
  placeholder?: string;
  /** The id of the button, so a `<label htmlFor>` elsewhere or a test can find it. */
  id?: string;
  min?: IsoDate;
  max?: IsoDate;
  /** Today in the club's time zone, marked in the calendar. */
  today?: IsoDate;
  className?: string;
}

export function DateField(props: DateFieldProps) {
  const { label, hideLabel, onChange, onClear, placeholder, id, min, max, today, className } = props;
  const empty = !isIsoDate(props.value);
  // A hand-edited address may carry "2026-02-31"; the calendar then opens on today.
  const value = isIsoDate(props.value) ? props.value : (today ?? new Date().toISOString().slice(0, 10));
  const ownId = useId();
  const buttonId = id ?? `${ownId}-button`;
  const labelId = `${ownId}-label`;
  const valueId = `${ownId}-value`;
  const titleId = `${ownId}-title`;
  const actor = useActorRef(datePickerMachine, { input: { value, min, max } });
  const open = useSelector(actor, (snapshot) => snapshot.matches('open'));
  const cursor = useSelector(actor, (snapshot) => snapshot.context.cursor);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLTableElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => actor.send({ type: 'value.set', value }), [actor, value]);
  useEffect(() => actor.send({ type: 'bounds.set', min, max }), [actor, min, max]);
  useEffect(() => actor.on('chosen', ({ date }) => onChangeRef.current(date)).unsubscribe, [actor]);

  // The cursor day has the focus while the calendar is open; closing gives it back to the button.
  // A layout effect: the focus moves with the render, so a key pressed right after an arrow
  // (a month's sheet replaced) reaches the calendar, never the page.
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open) sheet.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
    else if (wasOpen.current) trigger.current?.focus();
    wasOpen.current = open;
  }, [open, cursor]);

  // A click or focus outside closes it, as any popup.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) actor.send({ type: 'close' });
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, actor]);

  const onSheetKey = (event: KeyboardEvent) => {
    const toEvent = KEY_EVENTS[event.key];
    if (!toEvent) return;
    event.preventDefault();
    actor.send(toEvent(event.shiftKey));
  };

  return (
    <div className={`date-picker${className ? ` ${className}` : ''}`} ref={root}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </span>
      <button
        ref={trigger}
        id={buttonId}
        type="button"
        className="date-picker__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={() => actor.send({ type: open ? 'close' : 'open' })}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && event.altKey) {
            event.preventDefault();
            actor.send({ type: 'open' });
          }
        }}
      >
        <span id={valueId} className={`date-picker__value${empty ? ' date-picker__value--empty' : ''}`}>
          {empty ? (placeholder ?? 'Datum wählen') : formatDateDe(value)}
        </span>
        <CalendarIcon />
      </button>
      {onClear && !empty && (
        <button
          type="button"
          className="date-picker__clear"
          aria-label={`${label}: Datum entfernen`}
          title="Datum entfernen"
          onClick={onClear}
        >
          ×
        </button>
      )}
      {open && (
        <div className="date-picker__popup" role="dialog" aria-modal="false" aria-labelledby={titleId}>
          <div className="date-picker__head">
            <button
              type="button"
              className="date-picker__step"
              aria-label="Vorheriger Monat"
              title="Vorheriger Monat"
              onClick={() => actor.send({ type: 'cursor.months', months: -1 })}
            >
              ‹
            </button>
            <span id={titleId} className="date-picker__title" aria-live="polite">
              {formatMonthDe(cursor)}
            </span>
            <button
              type="button"
              className="date-picker__step"
              aria-label="Nächster Monat"
              title="Nächster Monat"
              onClick={() => actor.send({ type: 'cursor.months', months: 1 })}
            >
              ›
            </button>
          </div>
          <table
            ref={sheet}
            className="date-picker__sheet"
            role="grid"
            aria-labelledby={titleId}
            onKeyDown={onSheetKey}
          >
            <thead>
              <tr>
                {WEEKDAY_HEADERS.map(([short, full]) => (
                  <th key={short} scope="col" abbr={full}>
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthSheet(cursor).map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => {
                    const choosable = isChoosable(day, min, max);
                    const classes = [
                      'date-picker__day',
                      day.slice(0, 7) !== cursor.slice(0, 7) && 'date-picker__day--other-month',
                      !empty && day === value && 'date-picker__day--chosen',
                      day === today && 'date-picker__day--today',
                    ].filter(Boolean);
                    return (
                      <td key={day} role="gridcell" aria-selected={!empty && day === value}>
                        <button
                          type="button"
                          className={classes.join(' ')}
                          tabIndex={day === cursor ? 0 : -1}
                          disabled={!choosable}
                          aria-label={formatDateDe(day)}
                          aria-current={day === today ? 'date' : undefined}
                          onClick={() => actor.send({ type: 'choose', date: day })}
                        >
                          {Number(day.slice(8))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
