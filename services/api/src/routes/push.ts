import Router from '@koa/router';
import {
  pushChoiceNames,
  pushChoicesSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  type PushChoices,
  type PushChoicesChange,
  type PushSubscriptionBody,
} from '@platzbuchung/domain/push/schemas';
import { pushTexts } from '@platzbuchung/domain/push/texts';
import { vapidKeys } from '@platzbuchung/outbox/push-keys';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { listOf, message, object, text, withData } from '../http/answer-schemas';
import { newId } from '../ids';

const validateSubscription = validator<PushSubscriptionBody>(pushSubscriptionSchema);
const validateEndpoint = validator<{ endpoint: string }>(pushEndpointSchema);
const validateChoices = validator<PushChoicesChange>(pushChoicesSchema);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A push service is reached over https; a test's or a developer's own endpoint on this machine
 * over http too, outside production (docs/architecture/push.md, "Subscriptions").
 */
function checkEndpoint(endpoint: string, production: boolean): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest([{ instancePath: '/endpoint', message: pushTexts.endpointInvalid }]);
  }
  const allowed =
    url.protocol === 'https:' || (!production && url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!allowed || url.username || url.password) {
    throw badRequest([{ instancePath: '/endpoint', message: pushTexts.endpointNotHttps }]);
  }
}

/** The browser's keys as RFC 8291 needs them: a P-256 point and a 16-byte secret. */
function checkKeys(keys: PushSubscriptionBody['keys']): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) {
    throw badRequest([{ instancePath: '/keys/p256dh', message: pushTexts.p256dhInvalid }]);
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw badRequest([{ instancePath: '/keys/auth', message: pushTexts.authInvalid }]);
  }
}

type DeviceView = { endpoint: string } & PushChoices;
const DEVICE_COLUMNS = ['endpoint', ...pushChoiceNames] as const;

/** The member's own devices with their choices; the keys never leave the server. */
const devicesOf = (db: Db, userId: string): Promise<DeviceView[]> =>
  db('push_subscriptions').where({ user_id: userId }).orderBy('created_at').select(DEVICE_COLUMNS);

/**
 * Web Push for the member's devices (docs/architecture/push.md): the public VAPID key a browser
 * subscribes with, and each device's subscription with the notices it wants.
 */
export function pushRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const { db } = deps;

  router.get('/account/push-key', requireLogin(db), async (ctx) => {
    ctx.body = { data: { public_key: (await vapidKeys(db)).publicKey } };
  });

  router.get('/account/push-subscriptions', requireLogin(db), async (ctx) => {
    ctx.body = { data: await devicesOf(db, sessionUser(ctx)._id) };
  });

  router.post('/account/push-subscriptions', requireLogin(db), async (ctx) => {
    const body = validateSubscription(ctx.request.body);
    checkEndpoint(body.endpoint, deps.config.production);
    checkKeys(body.keys);
    const user = sessionUser(ctx);
    // An endpoint is one browser profile: subscribing it again keeps its choices, and another member
    // logging in on it takes it over with every notice on, since the first member's choices were theirs.
    const kept = (column: string) =>
      `${column} = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.${column} ELSE true END`;
    const { rows } = await db.raw<{ rows: DeviceView[] }>(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET ${pushChoiceNames.map(kept).join(', ')},
         user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
       RETURNING ${DEVICE_COLUMNS.join(', ')}`,
      [newId(), user._id, body.endpoint, body.keys.p256dh, body.keys.auth],
    );
    ctx.state.logger.info(
      { userId: user._id, pushHost: new URL(body.endpoint).host },
      'push subscription saved',
    );
    ctx.status = 201;
    ctx.body = { message: pushTexts.subscribed, data: rows[0]! };
  });

  router.put('/account/push-subscriptions', requireLogin(db), async (ctx) => {
    const { endpoint, ...choices } = validateChoices(ctx.request.body);
    const user = sessionUser(ctx);
    const change = Object.fromEntries(
      pushChoiceNames.filter((name) => name in choices).map((n) => [n, choices[n]]),
    );
    const query = db('push_subscriptions').where({ user_id: user._id, endpoint });
    const [row]: DeviceView[] = Object.keys(change).length
      ? await query.update(change).returning(DEVICE_COLUMNS)
      : await query.select(DEVICE_COLUMNS);
    if (!row) throw notFound(pushTexts.subscriptionNotFound);
    ctx.body = { message: pushTexts.choicesSaved, data: row };
  });

  router.delete('/account/push-subscriptions', requireLogin(db), async (ctx) => {
    const { endpoint } = validateEndpoint(ctx.request.body);
    const user = sessionUser(ctx);
    // Idempotent: a device that unsubscribes twice, or after the push service ended it, is done either way.
    await db('push_subscriptions').where({ user_id: user._id, endpoint }).delete();
    ctx.body = { message: pushTexts.unsubscribed };
  });

  const device = object({
    endpoint: text,
    ...Object.fromEntries(pushChoiceNames.map((name) => [name, { type: 'boolean' }])),
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
    'GET /api/account/push-subscriptions': {
      summary: 'Die Geräte des Nutzers, die Push bekommen, und was jedes bekommen möchte',
      access: 'login',
      answers: {
        200: { description: 'Die Geräte (ohne ihre Schlüssel).', schema: withData(listOf(device)) },
      },
    },
    'POST /api/account/push-subscriptions': {
      summary: 'Dieses Gerät für Push anmelden; jede Benachrichtigung ist zunächst an',
      access: 'login',
      body: pushSubscriptionSchema,
      answers: {
        201: { description: 'Angemeldet; dazu die Auswahl des Geräts.', schema: message({ data: device }) },
      },
    },
    'PUT /api/account/push-subscriptions': {
      summary: 'Wählen, welche Benachrichtigungen ein Gerät als Push bekommt',
      access: 'login',
      body: pushChoicesSchema,
      answers: { 200: { description: 'Gespeichert; dazu die Auswahl.', schema: message({ data: device }) } },
      refusals: { 404: pushTexts.subscriptionNotFound },
    },
    'DELETE /api/account/push-subscriptions': {
      summary: 'Dieses Gerät nicht mehr benachrichtigen',
      access: 'login',
      body: pushEndpointSchema,
      answers: { 200: { description: 'Abgemeldet (auch wenn es nicht angemeldet war).', schema: message() } },
    },
  });
}
