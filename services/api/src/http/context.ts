import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { SessionUser } from '@platzbuchung/domain/types';

export interface AppState {
  logger: Logger;
  user?: SessionUser;
  /** The user the session named when it was loaded, read with it (http/session); see http/auth. */
  sessionUser?: SessionUser;
  /**
   * The newest event number of the session user's club, read with the session at the request's
   * start: a list read after it is never older than it (routes/reservations).
   */
  clubSeqAtStart?: { club_id: string; club_seq: number };
}

export type AppContext = ParameterizedContext<AppState>;
