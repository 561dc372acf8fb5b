import { randomUUID } from 'node:crypto';
import type { AppContext } from './context';

/**
 * A browser that logged into an account before (or set its password from the mailed link) carries
 * a signed cookie naming that account and a random device id. Its login attempts are counted per
 * device instead of per address, so strangers' wrong passwords never lock the owner out of the
 * browsers the owner already uses (docs/security/accounts.md). The cookie grants nothing else: no session,
 * no rights, only its own bucket of tries.
 */
const COOKIE = 'pb_devices';
/** A tablet shared by a family: a few accounts per browser. */
const MAX_ACCOUNTS = 5;
const LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
const ENTRY = /^([0-9a-f-]{36}):([0-9a-f-]{36})$/;

/** user id → device id, most recently used first. */
function entries(ctx: AppContext): Map<string, string> {
  // Signed with the app's keys: a forged or altered value reads as no cookie at all.
  const value = ctx.cookies.get(COOKIE, { signed: true }) ?? '';
  const pairs = value
    .split('.')
    .map((entry) => ENTRY.exec(entry))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!] as const);
  return new Map(pairs);
}

/** The device id this browser holds for the account, if it logged into it before. */
export function knownDevice(ctx: AppContext, userId: string): string | undefined {
  return entries(ctx).get(userId);
}

/** Marks this browser as one the account's owner uses. */
export function rememberDevice(ctx: AppContext, userId: string, secure: boolean): void {
  const known = entries(ctx);
  const deviceId = known.get(userId) ?? randomUUID();
  known.delete(userId);
  const kept = [[userId, deviceId], ...known].slice(0, MAX_ACCOUNTS);
  ctx.cookies.set(COOKIE, kept.map(([user, device]) => `${user}:${device}`).join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: LIFETIME_MS,
  });
}

/**
 * Forgets the account in this browser (after it was erased): answers the device id it held, so its
 * counter can be dropped too. Other browsers' cookies name only an id that no account has any more.
 */
export function forgetDevice(ctx: AppContext, userId: string, secure: boolean): string | undefined {
  const known = entries(ctx);
  const deviceId = known.get(userId);
  if (deviceId === undefined) return undefined;
  known.delete(userId);
  const kept = [...known].map(([user, device]) => `${user}:${device}`).join('.');
  ctx.cookies.set(COOKIE, kept || null, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: LIFETIME_MS,
  });
  return deviceId;
}
