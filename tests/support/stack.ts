/**
 * Where the stack of this e2e run lives, as global-setup.ts provides it.
 *
 *   import { e2eStack } from './support';
 *   const { baseUrl, mailDir } = e2eStack();
 */
import { inject } from 'vitest';

export interface E2eStack {
  /** The API's public URL, which also serves the shell, e.g. http://localhost:41234 */
  baseUrl: string;
  /** Ports of the remote servers start.mjs runs (served on every interface). */
  remotePorts: { auth: number; reservations: number; admin: number };
  /** Where the mailer writes each outgoing mail as an .eml file. */
  mailDir: string;
  /** The run's own database (dropped at teardown). */
  databaseUrl: string;
  /** The run's BullMQ queue name (a second API process must use it too). */
  mailQueue: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: E2eStack;
  }
}

export function e2eStack(): E2eStack {
  return inject('e2eStack');
}

/** Where a remote's manifest is, as the shell's /remotes.json names it. */
export function remoteOrigin(remote: keyof E2eStack['remotePorts']): string {
  const stack = e2eStack();
  return `http://localhost:${stack.remotePorts[remote]}`;
}
