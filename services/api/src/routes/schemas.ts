import Router from '@koa/router';
import { formSchemas, type FormSchemaName } from '@platzbuchung/domain/schemas';
import type { AppState } from '../http/context';
import { describeRoutes, type RouteDescription, type RouteKey } from '../http/api-description';

/** The forms fetch the very schemas the API validates with. */
export function schemaRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/schema' });
  const described: Record<RouteKey, RouteDescription> = {};
  for (const name of Object.keys(formSchemas) as FormSchemaName[]) {
    described[`GET /schema/${name}.json`] = {
      summary: `Das JSON-Schema des Formulars „${name}“, mit dem die API seinen Körper prüft`,
      access: 'public',
      answers: { 200: { description: 'Das Schema.', schema: { type: 'object' } } },
    };
    const body = JSON.stringify(formSchemas[name]);
    router.get(`/${name}.json`, (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'application/json';
      ctx.body = body;
    });
  }
  return describeRoutes(router, 'Formulare', described);
}
