import pino, { type Logger } from 'pino';

/** Structured JSON logs; LOG_LEVEL=silent in tests keeps the output readable. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name } });
}
