/** The moment to look back to and the day whose grid to show. */
import { useState } from 'react';
import { DateField } from '@platzbuchung/ui/components/date-field';
import type { AsOfView } from '../../shared/as-of-search';

/** 24-hour club time, seconds optional. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export function AsOfForm({ view, onShow }: { view: AsOfView; onShow: (view: AsOfView) => void }) {
  const [day, setDay] = useState(view.day);
  const [date, setDate] = useState(view.moment.date);
  const [time, setTime] = useState(view.moment.time);
  const complete = day && date && TIME_OF_DAY.test(time);

  return (
    <form
      className="as-of__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        onShow({
          day,
          moment: { date, time: time.length === 5 ? `${time}:00` : time },
          position: null,
          live: false,
        });
      }}
    >
      <fieldset className="form__fieldset">
        <legend>Zeitpunkt</legend>
        <div className="form__row">
          <DateField className="field" id="as-of-date" label="Datum" value={date} onChange={setDate} />
          <div className="field">
            <label className="field__label" htmlFor="as-of-time">
              Uhrzeit
            </label>
            <input
              id="as-of-time"
              className="field__input"
              // Text, not type=time: that shows "1:30:00 PM" in an English browser.
              type="text"
              inputMode="numeric"
              pattern="[0-2][0-9]:[0-5][0-9](:[0-5][0-9])?"
              placeholder="hh:mm:ss"
              title="Uhrzeit als hh:mm oder hh:mm:ss, z. B. 14:30"
              autoComplete="off"
              value={time}
              required
              onChange={(e) => setTime(e.target.value.trim())}
            />
          </div>
        </div>
      </fieldset>
      <DateField
        className="field"
        id="as-of-day"
        label="Platzplan für den Tag"
        value={day}
        onChange={setDay}
      />
      <button type="submit" className="button button--primary" disabled={!complete}>
        Anzeigen
      </button>
    </form>
  );
}
