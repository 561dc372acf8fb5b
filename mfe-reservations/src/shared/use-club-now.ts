/** The club-local day and hour, kept current so cells turn "past" while the page stays open. */
import { useEffect, useState } from 'react';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import { clubNow } from '@platzbuchung/domain/club-time';

const CHECK_EVERY_MS = 30_000;

/** "Now" on the wall of the club whose zone is `timeZone` (the host contract's club). */
export function useClubNow(timeZone: string): LocalMoment {
  const [now, setNow] = useState(() => clubNow(timeZone));
  useEffect(() => {
    setNow(clubNow(timeZone));
    const timer = setInterval(() => {
      const next = clubNow(timeZone);
      setNow((current) => (current.date === next.date && current.hour === next.hour ? current : next));
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}
