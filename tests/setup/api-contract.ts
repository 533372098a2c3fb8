import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The parts of the OpenAPI document the checks read. */
export type OpenApiDocument = {
  openapi: string;
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, unknown>;
};

export type OpenApiOperation = {
  operationId?: string;
  parameters?: {
    name: string;
    in: 'path' | 'query' | 'header' | 'cookie';
    required?: boolean;
    schema?: unknown;
  }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};

/** The parts of a schema of the document (JSON Schema 2020-12) the test helpers read. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** `/api/tasks/{id}` → `/api/tasks/:id`, the way Hono lists its routes. */
export function honoPathOf(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

/** Every operation of the document, keyed `METHOD /path` as Hono lists routes. */
export function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      key: `${method.toUpperCase()} ${honoPathOf(path)}`,
      method: method.toUpperCase(),
      path,
      operation: item[method] as OpenApiOperation,
    })),
  );
}

/** A JSON pointer into the document, for `$ref`. */
function pointer(...segments: string[]): string {
  return `lumara-api#/${segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/**
 * Checks answers against the OpenAPI document the app serves: the status must be one the route declares, the
 * content type one it declares for that status, and a JSON body must validate against that status's schema
 * (JSON Schema 2020-12, as OpenAPI 3.1 means it). Built once per test worker from the document's JSON, so it
 * checks what a client of the document would rely on, not the zod source.
 */
export function createContractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, 'lumara-api');
  const routes = operationsOf(document).map((entry) => ({
    ...entry,
    pattern: new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(path: string, method: string, status: string, mediaType: string): ValidateFunction {
    const key = `${method} ${path} ${status} ${mediaType}`;
    let validate = validators.get(key);
    if (!validate) {
      const ref = pointer('paths', path, method, 'responses', status, 'content', mediaType, 'schema');
      validate = ajv.compile({ $ref: ref });
      validators.set(key, validate);
    }
    return validate;
  }

  return {
    /** Why the answer breaks the contract, or undefined when it keeps it (or the path is not an API route). */
    check(
      method: string,
      url: string,
      status: number,
      contentType: string | null,
      body: string,
    ): string | undefined {
      const { pathname } = new URL(url, 'http://localhost');
      if (!pathname.startsWith('/api/')) return undefined;
      // Hono answers HEAD with the GET route.
      const asMethod = (method === 'HEAD' ? 'GET' : method).toLowerCase();
      const candidates = routes.filter((route) => route.pattern.test(pathname));
      const route =
        candidates.find((r) => r.method.toLowerCase() === asMethod && !r.path.includes('{')) ??
        candidates.find((r) => r.method.toLowerCase() === asMethod);
      // An unknown path or method answers the one error body (404/405), which the document cannot list.
      if (!route)
        return status === 404 || status === 405 ? undefined : `${method} ${pathname} is not in the document`;
      const declared = route.operation.responses[String(status)];
      if (!declared) return `${route.key} answered ${status}, which the document does not declare`;
      if (!declared.content)
        return body === '' ? undefined : `${route.key} ${status} declares no body but sent one`;
      const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!(mediaType in declared.content)) {
        return `${route.key} ${status} answered ${mediaType || 'no content type'}; the document declares ${Object.keys(declared.content).join(', ')}`;
      }
      if (mediaType !== 'application/json') return undefined;
      const validate = validatorFor(route.path, asMethod, String(status), mediaType);
      if (validate(JSON.parse(body))) return undefined;
      return `${route.key} ${status} body does not match the document: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`;
    },
  };
}

export type ContractChecker = ReturnType<typeof createContractChecker>;
