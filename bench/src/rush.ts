/**
 * The booking rush: when a club's booking window opens, its members book the same evening at once,
 * all under the one club lock. Every member of one club sends one booking, at the same instant, for
 * one of 30 evening slots (10 courts × 18–21 h, tomorrow or later): latencies, and whether the
 * outcome is right: exactly one winner per slot, no slot held twice, no 5xx, every loser a 409
 * with a text.
 */
import type { Knex } from 'knex';
import { addDays } from '@platzbuchung/domain/dates';
import { checkSession, login, type ApiProcess } from './support/api-process';
import { KeptAliveClient } from './support/http-client';
import type { Figure } from './support/report';
import { BENCH_PASSWORD } from './support/seed';
import { median, percentile, round } from './support/stats';
import { createClubs } from './writes';

const SLOTS = 30;
const LOGINS_AT_ONCE = 20;

function eveningSlot(index: number, date: string) {
  const hour = 18 + Math.floor(index / 10);
  return { court_num: String((index % 10) + 1), start_time: hour, end_time: hour + 1, date };
}

async function loginAll(api: ApiProcess, emails: readonly string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < emails.length; i += LOGINS_AT_ONCE) {
    const batch = emails.slice(i, i + LOGINS_AT_ONCE);
    cookies.push(...(await Promise.all(batch.map((email) => login(api.url, email, BENCH_PASSWORD)))));
  }
  return cookies;
}

interface Answer {
  slot: number;
  status: number;
  ms: number;
  text(): string;
}

async function rush(
  http: KeptAliveClient,
  api: ApiProcess,
  clubId: string,
  cookies: readonly string[],
  date: string,
) {
  const requests = cookies.map((cookie, member) => {
    const slot = member % SLOTS;
    return { slot, cookie, json: { club_id: clubId, ...eveningSlot(slot, date) } };
  });
  const url = `${api.url}/api/reservations?from=${date}&to=${date}`;
  return Promise.all(
    requests.map(async ({ slot, cookie, json }): Promise<Answer> => {
      const t0 = performance.now();
      const answer = await http.request(url, { method: 'POST', headers: { cookie }, json });
      return { slot, status: answer.status, ms: performance.now() - t0, text: answer.text };
    }),
  );
}

/**
 * The baseline: the same members, at the same instant, only asking who they are (`verifyAuth`:
 * the session and member lookup every booking also makes, and the same HTTP work), so the rush's
 * latencies can be read against what 300 or 1,000 simultaneous requests cost this machine at all.
 */
async function sessionChecks(
  http: KeptAliveClient,
  api: ApiProcess,
  cookies: readonly string[],
): Promise<number[]> {
  return Promise.all(
    cookies.map(async (cookie) => {
      const t0 = performance.now();
      await checkSession(http, api.url, cookie);
      return performance.now() - t0;
    }),
  );
}

/** A refusal as the API words it: `{"error": "…"}` with a non-empty text. */
function isWordedRefusal(answer: Answer): boolean {
  try {
    const { error } = JSON.parse(answer.text()) as { error?: unknown };
    return typeof error === 'string' && error.length > 0;
  } catch {
    return false;
  }
}

async function slotsHeldTwice(db: Knex, clubId: string): Promise<number> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS n FROM (
       SELECT court_num, date, h FROM reservations, generate_series(start_time, end_time - 1) h
       WHERE club_id = ? AND NOT recurring GROUP BY 1, 2, 3 HAVING count(*) > 1
     ) doubled`,
    [clubId],
  );
  return rows[0].n;
}

export async function measureRush(
  api: ApiProcess,
  db: Knex,
  today: string,
  hash: string,
  options: { members: readonly number[]; runs: number },
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const members of options.members) {
    const [club] = await createClubs(db, 1, members, hash, 'player');
    const cookies = await loginAll(api, club!.emails);
    const http = new KeptAliveClient(members);
    const p50s: number[] = [];
    const p99s: number[] = [];
    const baselineP50s: number[] = [];
    const baselineP99s: number[] = [];
    let wrongSlots = 0;
    let serverErrors = 0;
    let unworded = 0;
    try {
      for (let run = 0; run < options.runs; run++) {
        const checks = await sessionChecks(http, api, cookies);
        baselineP50s.push(percentile(checks, 50));
        baselineP99s.push(percentile(checks, 99));
        const answers = await rush(http, api, club!.clubId, cookies, addDays(today, 1 + run));
        const latencies = answers.map((a) => a.ms);
        p50s.push(percentile(latencies, 50));
        p99s.push(percentile(latencies, 99));
        const winners = new Array<number>(SLOTS).fill(0);
        for (const answer of answers) {
          if (answer.status === 201) winners[answer.slot]!++;
          else if (answer.status >= 500) serverErrors++;
          else if (answer.status !== 409 || !isWordedRefusal(answer)) unworded++;
        }
        wrongSlots += winners.filter((count) => count !== 1).length;
      }
    } finally {
      http.close();
    }
    const section = `rush ${members}`;
    const target = members <= 300 ? '≤ 300 ms' : '≤ 1,000 ms';
    figures.push(
      {
        section,
        name: `${members} members at once: p50`,
        value: round(median(p50s)),
        unit: 'ms',
        baseline: round(median(baselineP50s)),
        baselineName: 'session checks at once',
      },
      {
        section,
        name: `${members} members at once: p99`,
        value: round(median(p99s)),
        unit: 'ms',
        target,
        baseline: round(median(baselineP99s)),
        baselineName: 'session checks at once',
      },
      {
        section,
        name: `slots without exactly one winner (of ${SLOTS} × ${options.runs} runs)`,
        value: wrongSlots,
        unit: '',
        target: '0',
      },
      {
        section,
        name: 'slots held twice afterwards',
        value: await slotsHeldTwice(db, club!.clubId),
        unit: '',
        target: '0',
      },
      { section, name: 'answers 5xx', value: serverErrors, unit: '', target: '0' },
      { section, name: 'other answers than 201 or a worded 409', value: unworded, unit: '', target: '0' },
    );
  }
  return figures;
}
