/**
 * The API's description, OpenAPI 3.1 (docs/api.md), assembled from what the mounted routers
 * registered (`describeRoutes`): the request bodies are the schemas the routes validate with, the
 * refusals follow from each route's access and body, and every refusal has the one error shape of
 * http/errors.ts.
 */
import type Router from '@koa/router';
import * as texts from '@platzbuchung/domain/texts';
import type { AppState } from './context';
import {
  registeredRoutes,
  type Access,
  type Answer,
  type JsonSchema,
  type MediaKind,
  type RegisteredRoute,
} from './api-description';
import { refusal } from './answer-schemas';
import { SESSION_COOKIE } from './session';

const MEDIA_TYPES: Record<Exclude<MediaKind, 'none'>, string> = {
  json: 'application/json',
  csv: 'text/csv',
  calendar: 'text/calendar',
  'event-stream': 'text/event-stream',
  ndjson: 'application/x-ndjson',
  html: 'text/html',
  javascript: 'text/javascript',
  css: 'text/css',
  xml: 'application/xml',
};

/** The media types an answer is sent as; none for an empty one. */
export const mediaTypesOf = (answer: Answer): string[] =>
  [answer.media ?? 'json']
    .flat()
    .filter((media): media is Exclude<MediaKind, 'none'> => media !== 'none')
    .map((media) => MEDIA_TYPES[media]);

const ACCESS: Record<Access, string> = {
  public: 'Ohne Anmeldung.',
  login: 'Für angemeldete Nutzer, auch solche, deren Mitgliedschaft wartet oder ruht.',
  member: 'Für aktive Mitglieder des eigenen Vereins.',
  admin: 'Für aktive Admins des eigenen Vereins.',
  'secret-link':
    'Für jeden, der den geheimen Link kennt; ein unbekannter Link wird wie ein fehlender beantwortet.',
};

const REFUSAL_REF = { $ref: '#/components/schemas/Fehler' } as const;

const refused = (description: string, example?: string) => ({
  description,
  content: {
    'application/json': {
      schema: REFUSAL_REF,
      ...(example === undefined ? {} : { example: { error: example } }),
    },
  },
});

/**
 * The request schemas as the document shows them: ajv's `$data` references (a bound read from
 * another field) have no JSON Schema meaning and are left out, and `nullable` (ajv's spelling)
 * becomes JSON Schema's null type. The German `errorMessage`s stay: they are the texts a refused
 * field gets.
 */
export function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as Record<string, unknown>).filter(
    ([key, value]) =>
      key !== '$id' &&
      key !== 'nullable' &&
      !(value !== null && typeof value === 'object' && '$data' in (value as object)),
  );
  const result: Record<string, unknown> = Object.fromEntries(
    entries.map(([key, value]) => [key, key === 'errorMessage' ? value : asJsonSchema(value)]),
  );
  if ((schema as { nullable?: boolean }).nullable === true && typeof result.type === 'string') {
    result.type = [result.type, 'null'];
  }
  return result;
}

/** ':id' and ':secret.ics' of the router become OpenAPI's '{id}' and '{secret}.ics'. */
export const pathTemplate = (routerPath: string): string => routerPath.replace(/:(\w+)/g, '{$1}');

const PATH_PARAMETERS: Record<string, string> = {
  id: 'Die Kennung (UUID); eine unbekannte wird mit 404 beantwortet.',
  secret: 'Das Geheimnis aus dem Link.',
};

function answerObject(answer: Answer) {
  const mediaTypes = mediaTypesOf(answer);
  if (mediaTypes.length === 0) return { description: answer.description };
  return {
    description: answer.description,
    content: Object.fromEntries(
      mediaTypes.map((mediaType) => [mediaType, answer.schema ? { schema: answer.schema } : {}]),
    ),
  };
}

/** The refusals every route of its kind can answer, each with its German text. */
function refusalsOf(route: RegisteredRoute) {
  const description = route.description!;
  const responses: Record<string, unknown> = {};
  const changes = route.method !== 'GET';
  if (description.body)
    responses[400] = refused(
      'Die Eingabe ist ungültig: jedes falsche Feld mit seinem Text, oder ein Satz.',
      texts.invalidJson,
    );
  if (description.access !== 'public' && description.access !== 'secret-link')
    responses[401] = refused('Nicht angemeldet.', texts.notLoggedIn);
  if (description.access === 'member' || description.access === 'admin')
    responses[403] = refused(
      description.access === 'admin'
        ? 'Kein aktiver Admin dieses Vereins.'
        : 'Kein aktives Mitglied dieses Vereins.',
      texts.forbidden,
    );
  else if (changes)
    responses[403] = refused('Die Anfrage kommt von einer fremden Herkunft.', texts.foreignOrigin);
  if (description.body) responses[413] = refused('Die Anfrage ist zu groß.', texts.payloadTooLarge);
  if (changes) responses[415] = refused('Der Körper ist kein JSON.', texts.unsupportedMediaType);
  for (const [status, text] of Object.entries(description.refusals ?? {})) {
    responses[status] = refused(text);
  }
  return responses;
}

function operationOf(route: RegisteredRoute, template: string) {
  const description = route.description!;
  const pathParameters = [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[name!] ?? name,
    schema: { type: 'string' },
  }));
  const queryParameters = Object.entries(description.query ?? {}).map(([name, parameter]) => ({
    name,
    in: 'query',
    required: parameter.required ?? false,
    description: parameter.description,
    schema: parameter.schema,
  }));
  const bodyId = (description.body as { $id?: unknown } | undefined)?.$id;
  const signedIn = description.access !== 'public' && description.access !== 'secret-link';
  return {
    operationId: `${route.method.toLowerCase()}${template.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: route.tag ? [route.tag] : [],
    summary: description.summary,
    description: [description.description, `Zugang: ${ACCESS[description.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    security: signedIn ? [{ Sitzung: [] }] : [],
    parameters: [...pathParameters, ...queryParameters],
    ...(description.body && {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema:
              typeof bodyId === 'string'
                ? { $ref: `#/components/schemas/${bodyId}` }
                : asJsonSchema(description.body),
          },
        },
      },
    }),
    responses: {
      ...Object.fromEntries(
        Object.entries(description.answers).map(([status, answer]) => [status, answerObject(answer)]),
      ),
      ...refusalsOf(route),
      default: refused('Jede andere Ablehnung, oder ein unerwarteter Fehler (500).', texts.internalError),
    },
  };
}

/** The description of every described route of `routers`, as OpenAPI 3.1. */
export function openApiDocument(routers: readonly Router<AppState>[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const bodySchemas: Record<string, unknown> = {};
  const tags = new Set<string>();
  // The API's own routes first; health checks and form schemas, outside /api, after them.
  const routes = registeredRoutes(routers).sort(
    (a, b) => Number(!a.path.startsWith('/api/')) - Number(!b.path.startsWith('/api/')),
  );
  for (const route of routes) {
    if (!route.description) continue;
    const template = pathTemplate(route.path);
    (paths[template] ??= {})[route.method.toLowerCase()] = operationOf(route, template);
    if (route.tag) tags.add(route.tag);
    const bodyId = (route.description.body as { $id?: unknown } | undefined)?.$id;
    if (typeof bodyId === 'string') bodySchemas[bodyId] = asJsonSchema(route.description.body);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platzbuchung',
      // The API's own version: raised when an answer or a request changes incompatibly.
      version: '1',
      description:
        'Die API der Platzbuchung: Tennisplätze stundenweise reservieren, den Verein verwalten. ' +
        'Jede Ablehnung antwortet `{"error": "Satz"}`, die Formulare `{"error": [{"instancePath", "message"}]}`, ' +
        'jeweils mit deutschem Text. Ändernde Anfragen senden JSON (`Content-Type: application/json`).',
    },
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Fehler: refusal as JsonSchema, ...bodySchemas },
      securitySchemes: {
        Sitzung: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Das Sitzungs-Cookie, das POST /api/login setzt.',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
