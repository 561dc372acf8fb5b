import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { SessionUser } from '@platzbuchung/domain/types';

export interface AppState {
  logger: Logger;
  user?: SessionUser;
  /** The user the session named when it was loaded, read with it (http/session); see http/auth. */
  sessionUser?: SessionUser;
}

export type AppContext = ParameterizedContext<AppState>;
