import fc from 'fast-check';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './api-contract.ts';

/**
 * Requests generated from the OpenAPI document, for the bad-input property test: each route's own parameters
 * and body, filled with values near what its schemas allow (right keys, wrong types, one past every limit,
 * text PostgreSQL cannot store) and with plain garbage. A new route is fuzzed as soon as it is declared.
 */
export type GeneratedRequest = { path: string; query: string; body: string | undefined };

const hostileText = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'x'.repeat(5001),
  'javascript:alert(1)',
  'https://127.0.0.1/',
  '%00',
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, Number.MAX_VALUE, 2 ** 31, -0, 0.5, [], {}),
  hostileText,
  fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown),
  fc.jsonValue({ maxDepth: 3 }),
);

export function createRequestArbitraries(document: OpenApiDocument) {
  const components = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;

  function resolve(schema: JsonSchema): JsonSchema {
    const name = schema.$ref?.split('/').pop();
    return name && components[name] ? resolve(components[name]) : schema;
  }

  /** A value of `schema`'s shape, often off by one or of the wrong kind. */
  function nearValueOf(given: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
    if (!given || depth > 5) return hostileValue;
    const schema = resolve(given);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants?.length) return fc.oneof(...variants.map((variant) => nearValueOf(variant, depth + 1)));
    if (schema.allOf?.length) return nearValueOf(schema.allOf[0], depth + 1);
    if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), hostileValue);
    if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), hostileText);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const shaped = types.map((type) => ofType(type, schema, depth));
    return fc.oneof(
      { weight: 4, arbitrary: shaped.length ? fc.oneof(...shaped) : hostileValue },
      hostileValue,
    );
  }

  function ofType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string': {
        const max = schema.maxLength ?? 60;
        return fc.oneof(
          fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 200) }),
          fc.constant('x'.repeat(Math.min(max + 1, 100_000))),
          hostileText,
        );
      }
      case 'integer':
      case 'number':
        return fc.oneof(
          fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1) }),
          fc.constantFrom((schema.minimum ?? 0) - 1, (schema.maximum ?? 2 ** 31 - 1) + 1, 0.5, -0),
        );
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(nearValueOf(schema.items, depth + 1), {
          maxLength: Math.min((schema.maxItems ?? 5) + 1, 30),
        });
      case 'object': {
        const entries = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        const record = Object.fromEntries(
          entries.map(([key, property]) => [key, nearValueOf(property, depth + 1)] as const),
        );
        return fc
          .tuple(
            fc.record(record, {
              requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
            }),
            fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileValue), { freq: 4 }),
          )
          .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
      }
      default:
        return hostileValue;
    }
  }

  const pathValue = fc.oneof(
    fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('0', '-1', '1e3', '2147483648', '999999999999999999', '%00', '..', 'NaN', '1.5', ' 1'),
  );
  const rawBody = fc.oneof(
    fc.string(),
    fc.constantFrom('', '{', '[1e309, -0, 9007199254740993]', `${'['.repeat(5000)}${']'.repeat(5000)}`),
  );

  /** The requests of one operation: its path filled in, its query, and a body when it takes one. */
  return function requestsOf(path: string, operation: OpenApiOperation): fc.Arbitrary<GeneratedRequest> {
    const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
    const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const bodySchema = operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
    return fc.record({
      path: fc
        .tuple(...pathNames.map(() => pathValue))
        .map((values) =>
          pathNames.reduce(
            (filled, name, index) =>
              filled.replace(`{${name}}`, encodeURIComponent(values[index] ?? '') || 'x'),
            path,
          ),
        ),
      query: fc
        .tuple(
          ...query.map((parameter) =>
            fc.option(
              fc
                .oneof(nearValueOf(parameter.schema as JsonSchema, 1), hostileText)
                .map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
              { nil: undefined },
            ),
          ),
        )
        .map((values) => {
          const search = new URLSearchParams();
          query.forEach((parameter, index) => {
            const value = values[index];
            if (value !== undefined) search.set(parameter.name, value);
          });
          return search.size ? `?${search}` : '';
        }),
      body: operation.requestBody
        ? fc.oneof(
            {
              weight: 5,
              arbitrary: nearValueOf(bodySchema, 0).map((value) => JSON.stringify(value) ?? 'null'),
            },
            { weight: 1, arbitrary: rawBody },
          )
        : fc.option(rawBody, { nil: undefined, freq: 3 }),
    });
  };
}
