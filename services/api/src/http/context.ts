import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { SessionUser } from '@platzbuchung/domain/types';

export interface AppState {
  logger: Logger;
  user?: SessionUser;
}

export type AppContext = ParameterizedContext<AppState>;
