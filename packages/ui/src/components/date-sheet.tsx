/**
 * The month calendar of the German date field (./date-field), in a chunk of its own: it loads when
 * the field is first pointed at, focused or opened, so a screen's first visit does not carry it
 * (bench/README.md, "browser"). Arrow keys move by a day or a week, Page Up/Down by a month (with
 * Shift by a year), Home/End to the week's Monday/Sunday, Enter or Space choose, Escape closes
 * without a change.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { formatDateDe, formatMonthDe } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';
import {
  datePickerMachine,
  isChoosable,
  monthSheet,
  type DatePickerEvent,
} from '../dates/date-picker-machine';

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

export interface DateSheetProps {
  /** The field's day ('' when none is chosen: the calendar then opens on `value`). */
  empty: boolean;
  value: IsoDate;
  min?: IsoDate | undefined;
  max?: IsoDate | undefined;
  today?: IsoDate | undefined;
  /** The id of the calendar's title, for the dialog's name. */
  titleId: string;
  /** The field around the calendar: a click or focus outside it closes the calendar. */
  field: RefObject<HTMLDivElement | null>;
  onChoose: (date: IsoDate) => void;
  onClose: () => void;
}

/** Shown while the field is open; the field unmounts it on `onChoose` or `onClose`. */
export default function DateSheet(props: DateSheetProps) {
  const { empty, value, min, max, today, titleId, field, onChoose, onClose } = props;
  const actor = useActorRef(datePickerMachine, { input: { value, min, max } });
  const closed = useSelector(actor, (snapshot) => snapshot.matches('closed'));
  const cursor = useSelector(actor, (snapshot) => snapshot.context.cursor);
  const sheet = useRef<HTMLTableElement>(null);
  const handlers = useRef({ onChoose, onClose });
  handlers.current = { onChoose, onClose };

  // Mounted means open: the machine opens once started, on the value clamped into the bounds.
  useEffect(() => actor.send({ type: 'open' }), [actor]);
  useEffect(() => actor.send({ type: 'value.set', value }), [actor, value]);
  useEffect(() => actor.send({ type: 'bounds.set', min, max }), [actor, min, max]);
  useEffect(() => actor.on('chosen', ({ date }) => handlers.current.onChoose(date)).unsubscribe, [actor]);
  const opened = useRef(false);
  useEffect(() => {
    if (!closed) opened.current = true;
    else if (opened.current) handlers.current.onClose();
  }, [closed]);

  // The cursor day has the focus while the calendar is open. A layout effect: the focus moves
  // with the render, so a key pressed right after an arrow (a month's sheet replaced) reaches the
  // calendar, never the page.
  useLayoutEffect(() => {
    if (!closed) sheet.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
  }, [closed, cursor]);

  // A click or focus outside closes it, as any popup.
  useEffect(() => {
    const outside = (event: Event) => {
      if (!field.current?.contains(event.target as Node)) actor.send({ type: 'close' });
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [field, actor]);

  const onSheetKey = (event: KeyboardEvent) => {
    const toEvent = KEY_EVENTS[event.key];
    if (!toEvent) return;
    event.preventDefault();
    actor.send(toEvent(event.shiftKey));
  };

  return (
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
  );
}
