/**
 * The API's description (docs/api.md) cannot drift from the routers: every route they register is
 * described, nothing is described that no router serves, the request bodies are the schemas the
 * routes validate with, and the document is OpenAPI 3.1 by the standard's own schema.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { clubSchema, loginSchema } from '@platzbuchung/domain/schemas';
import { makeReservationSchema } from '@platzbuchung/domain/reservations/schemas';
import { appRouters } from '../src/app';
import { describedButNotServed, registeredRoutes } from '../src/http/api-description';
import { asJsonSchema, openApiDocument } from '../src/http/openapi';
import { stubDeps } from './support/stub-deps';

const routers = appRouters(stubDeps());
const document = openApiDocument(routers);
type Operation = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
  tags: string[];
};
const operation = (path: string, method: string) =>
  (document.paths[path] as Record<string, Operation>)[method]!;

describe('the API’s description', () => {
  it('describes every route the routers register', () => {
    const routes = registeredRoutes(routers);
    expect(routes.length).toBeGreaterThan(60);
    const undescribed = routes.filter((route) => !route.description).map((r) => `${r.method} ${r.path}`);
    expect(undescribed, 'describe them with describeRoutes next to the route (docs/api.md)').toEqual([]);
    expect(describedButNotServed(routers)).toEqual([]);
  });

  it('lists each of them in the document, under its router’s heading', () => {
    const inDocument = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(inDocument).toHaveLength(registeredRoutes(routers).length);
    expect(operation('/api/reservations/{id}', 'put').tags).toEqual(['Reservierungen']);
    expect(operation('/api/calendar/{secret}.ics', 'get')).toBeDefined();
  });

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('shows as request bodies the schemas the routes validate with, not copies written for it', () => {
    expect(document.components.schemas).toMatchObject({ club: asJsonSchema(clubSchema) });
    expect(operation('/api/login', 'post').requestBody!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/login',
    });
    const booking = operation('/api/reservations', 'post').requestBody!.content['application/json']!.schema;
    expect(booking).toEqual({ anyOf: [asJsonSchema(makeReservationSchema), expect.anything()] });
    // The German texts a refused field gets stay in the document.
    expect(JSON.stringify((document.components.schemas as Record<string, unknown>).login)).toContain(
      JSON.stringify(loginSchema.properties.email.errorMessage),
    );
  });

  it('describes the refusals of a route by its access and body, each in the one error shape', () => {
    const change = operation('/api/admin/club', 'put').responses;
    expect(Object.keys(change)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413', '415', 'default']),
    );
    expect(change['401']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Fehler' } } },
    });
    const open = operation('/api/clubs', 'get').responses;
    expect(Object.keys(open)).not.toContain('401');
  });

  it('turns the ajv-only keywords of the request schemas into JSON Schema', () => {
    expect(asJsonSchema({ type: 'integer', nullable: true, minimum: 1 })).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
    });
    expect(asJsonSchema({ type: 'integer', exclusiveMinimum: { $data: '1/start_hour' } })).toEqual({
      type: 'integer',
    });
  });
});
