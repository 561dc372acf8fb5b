/**
 * What the shell is told before it starts (`RemotesConfig` in the host contract): where each remote's
 * entry is, who runs the site, and the periods the privacy notice names. `GET /remotes.json` answers
 * it, and every page carries it inline (./page-head), so the shell need not ask.
 */
import type { ImpressumConfig, PrivacyFacts } from '@platzbuchung/domain/privacy/facts';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import { KEEP_SENT_MAILS_DAYS } from '@platzbuchung/outbox/outbox';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from './session';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The periods the privacy notice names, from the constants the API and housekeeping work with and
 * the operator's `MAIL_RETENTION_DAYS`.
 */
export function privacyFacts(mailRetentionDays: number): PrivacyFacts {
  return {
    sessionIdleDays: SESSION_IDLE_TIMEOUT_MS / DAY_MS,
    sessionLifetimeDays: SESSION_ABSOLUTE_LIFETIME_MS / DAY_MS,
    sentMailDays: KEEP_SENT_MAILS_DAYS,
    mailBodyDays: mailRetentionDays,
  };
}

/**
 * The shell loads each remote's `remoteEntry.js` itself, not its manifest: one request fewer before
 * a screen shows, and no manifest code in the shell's federation runtime. A URL naming another file
 * of the remote's folder (such as an older `mf-manifest.json` setting) means the entry beside it.
 */
export function remoteEntryUrl(entry: string, publicUrl: string): string {
  const url = new URL(entry, publicUrl);
  if (!url.pathname.endsWith('.js'))
    url.pathname = url.pathname.replace(/\/[^/]*\.json$|\/?$/, '/remoteEntry.js');
  return url.href;
}

/** Each remote's entry as an absolute URL (see `remoteEntryUrl`). */
export function remoteEntryUrls(remotes: Record<string, string>, publicUrl: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(remotes).map(([name, entry]) => [name, remoteEntryUrl(entry, publicUrl)]),
  );
}

/**
 * The origins the page loads remotes from other than its own: the Content-Security-Policy names
 * them, and the page opens its connections to them early (./page-head).
 */
export function remoteOriginsOf(remoteEntries: Record<string, string>, publicUrl: string): string[] {
  const ownOrigin = new URL(publicUrl).origin;
  return [...new Set(Object.values(remoteEntries).map((url) => new URL(url).origin))].filter(
    (origin) => origin !== ownOrigin,
  );
}

export function remotesConfig(options: {
  /** Each remote's entry as an absolute URL (`remoteEntryUrls`). */
  remoteEntries: Record<string, string>;
  impressum: ImpressumConfig | undefined;
  mailRetentionDays: number;
}): RemotesConfig {
  return {
    remotes: options.remoteEntries,
    impressum: options.impressum ?? { name: '', email: '', address: '' },
    privacy: privacyFacts(options.mailRetentionDays),
  };
}
