/**
 * The club's clock. Dates and hours are club-local (Europe/Berlin, as the API's APP_TIMEZONE
 * default), whatever zone the phone is set to; "today" and "past" are decided here only.
 */
import { localMoment, type LocalMoment } from '@platzbuchung/domain/dates';

export const CLUB_TIME_ZONE = 'Europe/Berlin';

export function clubNow(instant: Date = new Date()): LocalMoment {
  return localMoment(instant, CLUB_TIME_ZONE);
}
