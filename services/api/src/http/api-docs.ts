/**
 * The API's description for people and programs (docs/api.md): `GET /api/openapi.json`, assembled
 * from the mounted routers, and `/api/docs`, the same document rendered by Swagger UI, whose files
 * come from our own origin (the swagger-ui-dist package), never from a CDN.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';
import type { AppState } from './context';
import { describeRoutes } from './api-description';
import { object, text } from './answer-schemas';
import { openApiDocument } from './openapi';
import { bodyFor, contentTypeOf } from './static-files';

const packageFiles = createRequire(import.meta.url);
const SWAGGER_UI_DIR = path.dirname(packageFiles.resolve('swagger-ui-dist/package.json'));

/** The renderer's files the page loads; nothing else of the package is served. */
const RENDERER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

/**
 * Starts the renderer on the page: a file of ours, since the page allows no inline script. No
 * validator badge (it would send the document to a third party), and the requests of "Try it out"
 * go to this origin, with this browser's session.
 */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    defaultModelsExpandDepth: 0,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Platzbuchung – API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
    <script src="/api/docs/swagger-ui-bundle.js" defer></script>
    <script src="/api/docs/start.js" defer></script>
  </head>
  <body>
    <main id="api">
      <noscript>Diese Seite zeigt die Beschreibung der API mit JavaScript; ohne liegt sie als <a href="/api/openapi.json">/api/openapi.json</a> vor.</noscript>
    </main>
  </body>
</html>
`;

/**
 * The page's own Content-Security-Policy, in place of the API's `default-src 'none'`: scripts,
 * styles and requests of this origin only, no inline script and no inline style element. Swagger UI
 * sets styles through the DOM, which a policy does not govern, and its icons are data: images.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The routes that serve the description; `routers` answers the app's route groups, these included. */
export function apiDocsRoutes(routers: () => readonly Router<AppState>[]): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  let document: string | undefined;

  router.get('/openapi.json', (ctx) => {
    // Assembled once, on the first request: every router is mounted by then.
    document ??= JSON.stringify(openApiDocument(routers()));
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/json';
    ctx.body = document;
  });

  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', API_DOCS_CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });

  router.get('/docs/start.js', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = START_SCRIPT;
  });

  router.get('/docs/:file', async (ctx, next) => {
    const name = ctx.params.file ?? '';
    if (!RENDERER_FILES.has(name)) return next();
    const file = path.join(SWAGGER_UI_DIR, name);
    const { size, mtime } = await stat(file);
    const { body, encoding } = await bodyFor({ file, size, mtime }, ctx.get('Accept-Encoding'));
    ctx.vary('Accept-Encoding');
    if (encoding) ctx.set('Content-Encoding', encoding);
    // The file names carry no version: a day, and then revalidated.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = contentTypeOf(file);
    ctx.body = body;
  });

  return describeRoutes(router, 'Beschreibung der API', {
    'GET /api/openapi.json': {
      summary: 'Diese Beschreibung der API, OpenAPI 3.1',
      access: 'public',
      answers: {
        200: { description: 'Das Dokument.', schema: object({ openapi: text, paths: { type: 'object' } }) },
      },
    },
    'GET /api/docs': {
      summary: 'Diese Beschreibung als Seite zum Lesen und Ausprobieren',
      access: 'public',
      answers: { 200: { description: 'Die Seite (HTML).', media: 'html' } },
    },
    'GET /api/docs/start.js': {
      summary: 'Das Skript, das die Seite der Beschreibung startet',
      access: 'public',
      answers: { 200: { description: 'Das Skript.', media: 'javascript' } },
    },
    'GET /api/docs/:file': {
      summary: 'Die Dateien des Darstellers der Seite (Swagger UI)',
      access: 'public',
      answers: { 200: { description: 'Die Datei (CSS oder JavaScript).', media: ['css', 'javascript'] } },
      refusals: { 404: 'Keine Datei der Seite.' },
    },
  });
}
