import Router from '@koa/router';
import { formSchemas, type FormSchemaName } from '@platzbuchung/domain/schemas';
import type { AppState } from '../http/context';

/** The forms fetch the very schemas the API validates with. */
export function schemaRoutes(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/schema' });
  for (const name of Object.keys(formSchemas) as FormSchemaName[]) {
    const body = JSON.stringify(formSchemas[name]);
    router.get(`/${name}.json`, (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'application/json';
      ctx.body = body;
    });
  }
  return router;
}
