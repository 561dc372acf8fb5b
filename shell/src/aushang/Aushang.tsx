/**
 * The clubhouse screen: today's courts × hours in type readable from three metres on a 1080p TV,
 * the clock, and each court's next free hours. Read-only; nobody logs in.
 */
import { useEffect, useState } from 'react';
import { clubNow, clubWallClock } from '@platzbuchung/domain/club-time';
import { formatDateDe, formatHour } from '@platzbuchung/domain/dates';
import {
  nextFreeHours,
  shownHours,
  type DisplayDay,
  type DisplaySlot,
} from '@platzbuchung/domain/display/screen';
import { displayTexts } from '@platzbuchung/domain/display/texts';
import { useDisplayDay } from './use-display-day';
import { CheckIn, useCheckInOffered } from './CheckIn';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(tick);
  }, []);
  return now;
}

export function Aushang({ secret }: { secret: string }) {
  const now = useNow();
  const state = useDisplayDay(secret, now);
  if (state.kind === 'gone') {
    return (
      <main className="aushang aushang--notice">
        <p role="alert">{displayTexts.linkGone}</p>
      </main>
    );
  }
  if (state.kind === 'loading') {
    return (
      <main className="aushang aushang--notice">
        <p role="status">{displayTexts.loadingScreen}</p>
      </main>
    );
  }
  return <Day day={state.day} now={now} offline={state.offline} secret={secret} />;
}

function slotText(slot: DisplaySlot): string {
  if (slot.state === 'free') return displayTexts.free;
  if (slot.state === 'blocked')
    return slot.text ? `${displayTexts.blocked}: ${slot.text}` : displayTexts.blocked;
  return slot.text ?? displayTexts.booked;
}

function Day({
  day,
  now,
  offline,
  secret,
}: {
  day: DisplayDay;
  now: Date;
  offline: boolean;
  secret: string;
}) {
  const checkIn = useCheckInOffered(secret, day.date);
  const wall = clubWallClock(day.time_zone, now);
  const moment = clubNow(day.time_zone, now);
  const clock = wall.time.slice(0, 5);
  // From the current hour on: the morning already played would take half the screen.
  const hours = shownHours(day.courts[0]?.slots.map((slot) => slot.hour) ?? [], moment, day.date);
  useEffect(() => {
    document.title = displayTexts.title(day.club_name);
  }, [day.club_name]);

  return (
    <main className="aushang">
      <header className="aushang__head">
        <h1 className="aushang__club">{day.club_name}</h1>
        <p className="aushang__date">{formatDateDe(day.date)}</p>
        <p className="aushang__clock" aria-label={`Uhrzeit ${clock}`}>
          {clock}
        </p>
        {checkIn && <CheckIn secret={secret} courts={day.courts} />}
      </header>
      {offline && (
        <p className="aushang__offline" role="status">
          {displayTexts.offline}
        </p>
      )}
      <table className="aushang__grid">
        <caption className="visually-hidden">{displayTexts.title(day.club_name)}</caption>
        <thead>
          <tr>
            <th scope="col" className="aushang__hour-head">
              <span className="visually-hidden">Uhrzeit</span>
            </th>
            {day.courts.map((court) => (
              <th scope="col" key={court.court}>
                {court.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((hour) => {
            const past = day.date === moment.date && hour < moment.hour;
            const current = day.date === moment.date && hour === moment.hour;
            return (
              <tr key={hour} className={past ? 'is-past' : current ? 'is-now' : undefined}>
                <th scope="row" className="aushang__hour">
                  {formatHour(hour)}
                </th>
                {day.courts.map((court) => {
                  const slot = court.slots.find((s) => s.hour === hour)!;
                  return (
                    <td key={court.court} className={`aushang__cell aushang__cell--${slot.state}`}>
                      {slotText(slot)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="aushang__next-head">
              {displayTexts.nextFree}
            </th>
            {day.courts.map((court) => {
              const free = nextFreeHours(court, moment, day.date);
              return (
                <td key={court.court} className="aushang__next">
                  {free
                    ? displayTexts.freeFrom(formatHour(free.from), formatHour(free.to))
                    : displayTexts.noneFreeToday}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </main>
  );
}
