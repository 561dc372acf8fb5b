import pino, { type Logger } from 'pino';
import { readLogLevel } from './config';

/** Structured JSON logs at the configured level. */
export function createLogger(name: string, level = readLogLevel()): Logger {
  return pino({ name, level, base: { service: name } });
}
