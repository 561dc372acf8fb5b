/**
 * Holds real answers to the API's description (docs/api.md): the test client passes every answer
 * through `checkDescribedAnswer`, which throws when its status is not one the route describes, its
 * media type is another, or its JSON body does not fit the described schema. The description is the
 * one GET /api/openapi.json serves, assembled from the same routers.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { withFormats } from '@platzbuchung/domain/validation';
import { appRouters } from '../../src/app';
import { openApiDocument, pathTemplate } from '../../src/http/openapi';
import { registeredRoutes } from '../../src/http/api-description';
import { stubDeps } from './stub-deps';

interface DescribedAnswer {
  content?: Record<string, { schema?: unknown }>;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, DescribedAnswer>;
}

interface Description {
  operations: Operation[];
  schemaAt: (pointer: string) => ValidateFunction;
}

const DOCUMENT_ID = 'openapi.json';

/** A JSON pointer's segment: '/' and '~' escaped. */
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The router path's pattern: parameters match one segment, a slash at the end is allowed. */
function patternOf(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

let loaded: Description | undefined;

function description(): Description {
  if (loaded) return loaded;
  const routers = appRouters(stubDeps());
  const document = openApiDocument(routers);
  const ajv = withFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }) as never);
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const operations = registeredRoutes(routers).map((route) => {
    const template = pathTemplate(route.path);
    const operation = (document.paths[template] as Record<string, { responses: Operation['responses'] }>)[
      route.method.toLowerCase()
    ]!;
    return { method: route.method, template, pattern: patternOf(template), responses: operation.responses };
  });
  // A literal path before one with parameters: /api/reservations/stream is no reservation's id.
  operations.sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  loaded = {
    operations,
    schemaAt: (pointer) => {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
        if (!validate) throw new Error(`no schema at ${pointer}`);
        compiled.set(pointer, validate);
      }
      return validate;
    },
  };
  return loaded;
}

/** Paths the API's routers serve; the UI's pages and files are no part of the description. */
const API_PATH = /^\/(api|schema)(\/|$)|^\/(healthz|readyz)$/;

export interface SeenAnswer {
  method: string;
  /** The path and query the request named. */
  url: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON, or the text; undefined when none was read. */
  body: unknown;
}

/** Throws, naming the route and the mismatch, when `answer` is not one its route describes. */
export function checkDescribedAnswer(answer: SeenAnswer): void {
  const path = new URL(answer.url, 'http://api.invalid').pathname;
  if (!API_PATH.test(path)) return;
  const method = answer.method.toUpperCase() === 'HEAD' ? 'GET' : answer.method.toUpperCase();
  const { operations, schemaAt } = description();
  const operation = operations.find((op) => op.method === method && op.pattern.test(path));
  const where = operation ? `${method} ${operation.template}` : `${method} ${path}`;
  const fail = (problem: string): never => {
    throw new Error(
      `${where} answered ${answer.status} not as the API's description says (docs/api.md): ${problem}\n` +
        `body: ${JSON.stringify(answer.body)?.slice(0, 500)}`,
    );
  };
  const responsesPointer = operation
    ? `/paths/${segment(operation.template)}/${method.toLowerCase()}/responses`
    : undefined;
  const status = String(answer.status);
  // koa-router's answer to a method none of a path's routes serves.
  if (!operation && (answer.status === 405 || answer.status === 501)) return;
  // An address or method no route serves: refused with the error shape, like every refusal.
  const key = operation ? (operation.responses[status] ? status : 'default') : undefined;
  if (key === 'default' && answer.status < 400) fail(`status ${status} is not described`);
  const described: DescribedAnswer = operation
    ? operation.responses[key!]!
    : { content: { 'application/json': {} } };
  const mediaTypes = Object.keys(described.content ?? {});
  const noBody = answer.body === undefined || answer.body === '';
  if (mediaTypes.length === 0) {
    if (!noBody) fail('an empty answer is described, yet it has a body');
    return;
  }
  if (
    answer.method.toUpperCase() === 'HEAD' ||
    (answer.body === undefined && mediaTypes.includes('text/event-stream'))
  )
    return;
  const mediaType = mediaTypes.find((type) => answer.contentType?.startsWith(type));
  if (!mediaType) fail(`Content-Type ${answer.contentType} is none of ${mediaTypes.join(', ')}`);
  if (mediaType !== 'application/json') return;
  const pointer = responsesPointer
    ? `${responsesPointer}/${key}/content/${segment(mediaType!)}/schema`
    : '/components/schemas/Fehler';
  if (operation && !described.content![mediaType]!.schema) return;
  const validate = schemaAt(pointer);
  if (!validate(answer.body)) {
    const errors = validate.errors!.map((error) => `${error.instancePath || '/'} ${error.message}`);
    fail(errors.slice(0, 5).join('; ') + (errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''));
  }
}
