/**
 * Mails of the run: the mailer (the worker, or the API itself without Redis) writes each one as an
 * .eml file into the run's MAIL_DIR.
 *
 *   const mail = await waitForMail((m) => m.to.includes(player.email));
 *   const link = firstLink(mail, '/reset-password');
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { e2eStack } from './stack';

export interface SavedMail {
  file: string;
  /** The raw file. */
  raw: string;
  /** The To header. */
  to: string;
  subject: string;
  /** Headers and bodies with quoted-printable soft breaks and escapes undone: search links here. */
  decoded: string;
}

function decodeQuotedPrintable(text: string): string {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped[i] === '=' ? unwrapped.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(raw);
  return match?.[1]?.replace(/\r?\n[ \t]/g, ' ').trim() ?? '';
}

export async function readMails(): Promise<SavedMail[]> {
  const dir = e2eStack().mailDir;
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file, 'utf8');
      return {
        file,
        raw,
        to: header(raw, 'To'),
        subject: header(raw, 'Subject'),
        decoded: decodeQuotedPrintable(raw),
      };
    }),
  );
}

/** Waits until a mail matching `predicate` is in MAIL_DIR (the file appears atomically). */
export async function waitForMail(
  predicate: (mail: SavedMail) => boolean,
  timeoutMs = 30_000,
): Promise<SavedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMails()).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in ${e2eStack().mailDir} in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first http(s) link in the mail whose path starts with `pathPrefix`. */
export function firstLink(mail: SavedMail, pathPrefix: string): URL {
  for (const match of mail.decoded.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0].replace(/&amp;/g, '&'));
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no link to ${pathPrefix} in ${mail.file}`);
}
