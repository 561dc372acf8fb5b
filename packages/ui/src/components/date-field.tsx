/**
 * A date field that shows German dates whatever the browser's language ("Mo., 23.11.2026"); a
 * native `<input type=date>` would show the browser's locale. The button opens a month calendar
 * (./date-sheet, loaded when the field is first pointed at, focused or opened).
 */
import { Suspense, use, useId, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { formatDateDe, isIsoDate } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';
import { uiTexts } from '../texts';
import type { DateSheetProps } from './date-sheet';
import { Icon } from './icon';
import '../styles/date-field.css';

interface SheetLoad {
  /** The opening that asked for it (0: asked ahead of any). */
  opening: number;
  failed: boolean;
  sheet: Promise<ComponentType<DateSheetProps> | null>;
}

let sheetLoad: SheetLoad | undefined;
/** Counts the openings of every date field, so a failed load is asked again at the next one. */
let openings = 0;

/** The calendar's code: loaded once, `null` when that failed (then asked again at the next opening). */
function loadSheet(opening: number): Promise<ComponentType<DateSheetProps> | null> {
  if (!sheetLoad || (sheetLoad.failed && sheetLoad.opening !== opening)) {
    const load: SheetLoad = {
      opening,
      failed: false,
      sheet: import('./date-sheet').then(
        (module) => module.default,
        () => {
          load.failed = true;
          return null;
        },
      ),
    };
    sheetLoad = load;
  }
  return sheetLoad.sheet;
}

/** Asked for before the first click, so the calendar opens without a wait. */
const preloadSheet = () => {
  void loadSheet(0);
};

function Sheet({ opening, ...props }: DateSheetProps & { opening: number }) {
  const Loaded = use(loadSheet(opening));
  if (!Loaded) {
    return (
      <div className="date-picker__popup" role="alert">
        {uiTexts.networkError}
      </div>
    );
  }
  return <Loaded {...props} />;
}

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
  /** The opening the calendar is shown for; 0 while closed. */
  const [opening, setOpening] = useState(0);
  const open = opening > 0;
  const setOpen = (wanted: boolean) => setOpening(wanted ? (openings += 1) : 0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  // Closing gives the focus back to the button (the calendar moves it to its cursor day).
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (!open && wasOpen.current) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);

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
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && event.altKey) {
            event.preventDefault();
            setOpen(true);
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
        <Suspense fallback={null}>
          <Sheet
            opening={opening}
            empty={empty}
            value={value}
            min={min}
            max={max}
            today={today}
            titleId={titleId}
            field={root}
            onChoose={onChange}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
