import Router from '@koa/router';
import { vapidKeys } from '@platzbuchung/outbox/push-keys';
import type { AppDeps } from '../deps';
import { requireLogin } from '../http/auth';
import type { AppState } from '../http/context';
import { describeRoutes } from '../http/api-description';
import { object, text, withData } from '../http/answer-schemas';

/**
 * Web Push for the member's devices (docs/architecture/push.md): the public VAPID key a browser
 * subscribes with.
 */
export function pushRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const { db } = deps;

  router.get('/account/push-key', requireLogin(db), async (ctx) => {
    ctx.body = { data: { public_key: (await vapidKeys(db)).publicKey } };
  });

  return describeRoutes(router, 'Push-Benachrichtigungen', {
    'GET /api/account/push-key': {
      summary: 'Der öffentliche VAPID-Schlüssel, mit dem ein Browser Push abonniert',
      access: 'login',
      answers: {
        200: {
          description: 'Der Schlüssel (base64url, ein P-256-Punkt).',
          schema: withData(object({ public_key: text })),
        },
      },
    },
  });
}
