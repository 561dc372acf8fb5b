/** The club-local day and hour, kept current so cells turn "past" while the page stays open. */
import { useEffect, useState } from 'react';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import { clubNow } from './club-time';

const CHECK_EVERY_MS = 30_000;

export function useClubNow(): LocalMoment {
  const [now, setNow] = useState(clubNow);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = clubNow();
      setNow((current) => (current.date === next.date && current.hour === next.hour ? current : next));
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
