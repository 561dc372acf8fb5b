import type Router from '@koa/router';
import type { AppState } from './context';

/**
 * What each route says about itself for the API's description (GET /api/openapi.json,
 * docs/api.md): its route file registers one entry per route it serves, keyed by method and the
 * full path as the router holds it ('GET /api/reservations', 'PUT /api/reservations/:id'). The
 * request bodies are the very schemas the route validates with; the document is assembled from the
 * mounted routers, and a unit test fails for a route that registers none.
 */

export type JsonSchema = Readonly<Record<string, unknown>>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone; a logged-in user of any status; an active member of the club; an
 * active admin of the club; whoever holds the secret link in the path.
 */
export type Access = 'public' | 'login' | 'member' | 'admin' | 'secret-link';

/** How an answer's body is written; JSON unless said otherwise. */
export type MediaKind =
  'json' | 'csv' | 'calendar' | 'event-stream' | 'ndjson' | 'html' | 'javascript' | 'css' | 'xml' | 'none';

export interface Answer {
  /** What the answer means, in German. */
  description: string;
  /** How the body is written; several when the route answers one of them (a file of its kind). */
  media?: MediaKind | readonly MediaKind[];
  /** The body's schema; none for bodies that are no JSON or empty. */
  schema?: JsonSchema;
}

export interface QueryParameter {
  description: string;
  schema: JsonSchema;
  required?: boolean;
}

/** Statuses a route answers on success (or, 503 and 304, as part of its normal work). */
export type AnswerStatus = 200 | 201 | 204 | 304 | 503;

export interface RouteDescription {
  /** One line, German: what the route does. */
  summary: string;
  /** More, German, when one line does not say it. */
  description?: string;
  access: Access;
  query?: Readonly<Record<string, QueryParameter>>;
  /** The schema the route validates its JSON body with. */
  body?: JsonSchema;
  answers: Partial<Readonly<Record<AnswerStatus, Answer>>>;
  /** Refusals that belong to this route, beyond those its access and its body bring, in German. */
  refusals?: Readonly<Partial<Record<400 | 401 | 403 | 404 | 409 | 429 | 503, string>>>;
}

export type RouteKey = `${Method} /${string}`;

type AnyRouter = Router<AppState>;

interface RouterDescriptions {
  /** The heading the router's routes are listed under, in German. */
  tag: string;
  routes: ReadonlyMap<string, RouteDescription>;
}

const registered = new WeakMap<object, RouterDescriptions>();

/**
 * Registers the descriptions of a router's routes under one heading; answers the router, so a route
 * factory can end with `return describeRoutes(router, …)`.
 */
export function describeRoutes<R extends AnyRouter>(
  router: R,
  tag: string,
  routes: Readonly<Record<RouteKey, RouteDescription>>,
): R {
  registered.set(router, { tag, routes: new Map(Object.entries(routes)) });
  return router;
}

/** A registered route: its method, its path as the router holds it, and its description if any. */
export interface RegisteredRoute {
  method: Method;
  path: string;
  tag: string | undefined;
  description: RouteDescription | undefined;
}

const DESCRIBED_METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * Every route the routers serve, each method once (HEAD goes with GET), with its description.
 * Middleware a router uses for all its routes (`router.use`) has no method and is no route.
 */
export function registeredRoutes(routers: readonly AnyRouter[]): RegisteredRoute[] {
  return routers.flatMap((router) => {
    const descriptions = registered.get(router);
    return router.stack.flatMap((layer) =>
      DESCRIBED_METHODS.filter((method) => layer.methods.includes(method)).map((method) => ({
        method,
        path: String(layer.path),
        tag: descriptions?.tag,
        description: descriptions?.routes.get(`${method} ${String(layer.path)}`),
      })),
    );
  });
}

/** Descriptions a router registered for routes it does not serve: a renamed route left its old one. */
export function describedButNotServed(routers: readonly AnyRouter[]): string[] {
  return routers.flatMap((router) => {
    const served = new Set(
      router.stack.flatMap((layer) => layer.methods.map((method) => `${method} ${String(layer.path)}`)),
    );
    return [...(registered.get(router)?.routes.keys() ?? [])].filter((key) => !served.has(key));
  });
}
