import Router from '@koa/router';
import type { AppDeps } from '../deps';
import type { AppState } from '../http/context';
import { describeRoutes } from '../http/api-description';
import { object } from '../http/answer-schemas';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

/** `/healthz`: the process answers. `/readyz`: its database (and Redis, when used) answer too. */
export function healthRoutes(deps: AppDeps, extraChecks: readonly ReadinessCheck[] = []): Router<AppState> {
  const router = new Router<AppState>();
  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => deps.db.raw('select 1') },
    ...extraChecks,
  ];
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await check();
          return [name, 'ok'] as const;
        } catch {
          return [name, 'unreachable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(results) };
  });
  const readiness = object({
    status: { enum: ['ok', 'unavailable'] },
    checks: { type: 'object', additionalProperties: { enum: ['ok', 'unreachable'] } },
  });
  return describeRoutes(router, 'Betrieb', {
    'GET /healthz': {
      summary: 'Ob der Prozess antwortet',
      access: 'public',
      answers: { 200: { description: 'Er antwortet.', schema: object({ status: { const: 'ok' } }) } },
    },
    'GET /readyz': {
      summary: 'Ob der Prozess und alles, was er braucht (Datenbank, Redis), antworten',
      access: 'public',
      answers: {
        200: { description: 'Bereit.', schema: readiness },
        503: { description: 'Nicht bereit: die Prüfungen sagen, was fehlt.', schema: readiness },
      },
    },
  });
}
