/**
 * The API's description over HTTP (docs/api.md): the document the routers make, and the page that
 * renders it from our own origin under its own Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouters } from '../src/app';
import { API_DOCS_CSP } from '../src/http/api-docs';
import { openApiDocument } from '../src/http/openapi';
import { TestClient } from './support/client';
import { stubDeps } from './support/stub-deps';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let client: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new TestClient(api.url);
});
afterAll(() => api.close());

describe('GET /api/openapi.json', () => {
  it('answers the document the mounted routers make, to anyone', async () => {
    const answer = await client.get<ReturnType<typeof openApiDocument>>('/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(appRouters(stubDeps())))));
    expect(answer.body.openapi).toBe('3.1.0');
    expect(Object.keys(answer.body.paths)).toContain('/api/openapi.json');
  });
});

describe('/api/docs', () => {
  it('is a German page that loads the renderer and its start script from this origin only', async () => {
    const answer = await client.request<string>('GET', '/api/docs', undefined, { Accept: 'text/html' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(answer.headers.get('Content-Security-Policy')).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).not.toMatch(/unsafe/);
    expect(answer.body).toContain('<html lang="de">');
    const sources = [...answer.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, source]) => source);
    expect(sources.filter((source) => !source!.startsWith('/'))).toEqual([]);
    expect(answer.body).not.toMatch(/<script>|<style|style="/);
  });

  it('serves the renderer’s files, compressed for those who take it, and nothing else of its package', async () => {
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) {
      const answer = await client.request<string>('GET', `/api/docs/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.body.length, file).toBeGreaterThan(100);
    }
    const zipped = await fetch(`${api.url}/api/docs/swagger-ui-bundle.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    await zipped.arrayBuffer();
    for (const file of ['package.json', 'index.html', 'swagger-initializer.js', '..%2F..%2Fpackage.json']) {
      const answer = await client.get(`/api/docs/${file}`);
      expect(answer.status, file).toBe(404);
    }
  });

  it('starts the renderer on this origin’s document, without the third party’s validator', async () => {
    const answer = await client.request<string>('GET', '/api/docs/start.js');
    expect(answer.body).toContain("url: '/api/openapi.json'");
    expect(answer.body).toContain('validatorUrl: null');
  });
});
