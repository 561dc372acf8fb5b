import pino, { type DestinationStream, type Logger } from 'pino';
import { readLogLevel } from './config';

/** Anything shaped like an e-mail address, wherever in a line it stands. */
const EMAIL_ADDRESS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;

/**
 * Log lines never carry an e-mail address (docs/privacy-erasure.md): no log call passes one, and
 * this catches what a call cannot foresee, such as a database error's detail naming the key that
 * clashed. Logs are kept outside the database, where an erasure cannot reach them.
 */
export const withoutAddresses = (line: string): string => line.replace(EMAIL_ADDRESS, '[Adresse]');

/** Structured JSON logs at the configured level; tests pass a `destination` to read the lines. */
export function createLogger(name: string, level = readLogLevel(), destination?: DestinationStream): Logger {
  const options = { name, level, base: { service: name }, hooks: { streamWrite: withoutAddresses } };
  return destination ? pino(options, destination) : pino(options);
}
