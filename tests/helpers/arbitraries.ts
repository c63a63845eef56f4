import fc from 'fast-check';
import { z } from 'zod';
import type { Endpoint } from '../../contract';

/**
 * fast-check arbitraries of whole requests, read off an endpoint's contract schemas (through their JSON Schema): each
 * value is sometimes what the schema asks for, sometimes a realistic one the test knows (an id that exists, a valid ID
 * card number), sometimes hostile text (NUL, lone surrogates, LIKE wildcards, a megabyte) or the wrong type.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** What the test knows to exist or to be valid, so that some requests get past validation and lookups. */
export interface Realistic {
  /** Ids of rows that exist: exams, registrations, orders, groups, uploads, users. */
  ids: string[];
  /**
   * Good values by field name (idNumber, taxId, provinceCode, promoCode, token, number, q...); a path parameter is
   * looked up by the segment before it first (`exams.id`, `registrations.id`, `orders.orderId`).
   */
  byField: Record<string, unknown[]>;
}

/** Beyond the 1 MiB body limit once serialized. */
const HUGE = 'x'.repeat(1_100_000);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '\u0000'.repeat(40),
    "' OR '1'='1' --",
    '%',
    '_',
    '\\',
    'a\\',
    '%\\_',
    '\u202etxt.exe',
    '\ud800',
    '\udfff\ud800',
    '😀',
    '𠮷野家',
    '\u200b',
    ' ',
    '',
    '-1',
    '1e999',
    'NaN',
    '../../etc/passwd',
    'あ'.repeat(5000),
    HUGE,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
);

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(-1, 0, 0.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T00:00:00Z'),
  noInvalidDate: true,
});

function stringValue(schema: JsonSchema, realistic: Realistic): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...realistic.ids) }, fc.uuid());
  if (schema.format === 'date') return instant.map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return instant.map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 });
}

/** A valid text with one hostile character slipped in somewhere: it passes every other rule of its field. */
function tainted(text: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat(text.length), fc.constantFrom('\u0000', '\ud800', '%', '_', '\\', "'"))
    .map(([at, character]) => `${text.slice(0, at)}${character}${text.slice(at)}`);
}

/** A field's value gone wrong: hostile text, another type, or its valid value with a hostile character inside. */
function corrupted(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileText,
    wrongType,
    valid.chain((value) => (typeof value === 'string' ? tainted(value) : hostileText)),
  );
}

/** What a field should hold: a value the test knows to be good, or one the schema describes. */
function validValue(schema: JsonSchema, field: string, realistic: Realistic): fc.Arbitrary<unknown> {
  const known = realistic.byField[field];
  const described = schemaValue(schema, field, realistic);
  if (!known || known.length === 0) return described;
  return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: described });
}

/**
 * An object whose fields are mostly valid, with (half the time) one field corrupted: a hostile value must get past
 * every other field's rules to reach the code behind them.
 */
function objectValue(schema: JsonSchema, realistic: Realistic): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(
    properties.map(([key, property]) => {
      const value = validValue(property, key, realistic);
      return [key, required.has(key) ? value : fc.option(value, { nil: undefined, freq: 4 })];
    }),
  );
  const corruption =
    properties.length === 0
      ? fc.constant(undefined)
      : fc.option(
          fc
            .constantFrom(...properties)
            .chain(([key, property]) =>
              corrupted(validValue(property, key, realistic)).map((value) => ({ key, value })),
            ),
          { nil: undefined, freq: 2 },
        );
  // Now and then a field the contract does not know (strict bodies refuse it).
  const extra = fc.oneof(
    { weight: 7, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }) },
  );
  return fc
    .tuple(fc.record(fields), corruption, extra)
    .map(([values, wrong, more]) =>
      Object.fromEntries(
        Object.entries({ ...more, ...values, ...(wrong ? { [wrong.key]: wrong.value } : {}) }).filter(
          ([, value]) => value !== undefined,
        ),
      ),
    );
}

function schemaValue(schema: JsonSchema, field: string, realistic: Realistic): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => schemaValue(option, field, realistic)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object':
      return objectValue(schema, realistic);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, field, realistic), { maxLength: 4 });
    case 'string':
      return stringValue(schema, realistic);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A path segment: mostly a valid value (an id that exists, mostly), sometimes a corrupted one. */
function segmentValue(schema: JsonSchema, field: string, realistic: Realistic): fc.Arbitrary<unknown> {
  const valid = validValue(schema, field, realistic);
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: corrupted(valid) });
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A value of a query string or path segment as a client would put it there. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Percent-encodes a path segment; a lone surrogate goes out as the bytes of one (%ED%A0%80), not valid UTF-8. */
function encodeSegment(text: string): string {
  return text.replace(/[\ud800-\udfff]|[^\ud800-\udfff]+/gu, (part) =>
    /^[\ud800-\udfff]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part),
  );
}

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** Bytes sent as application/json that are not JSON. */
  | { kind: 'raw'; text: string }
  | { kind: 'file'; field: string; fileName: string; contentType: string; bytes: Uint8Array };

export interface GeneratedRequest {
  url: string;
  body: RequestBody;
}

const fileName = fc.oneof(
  fc.constantFrom('members.xlsx', 'members.csv', 'photo.png', '名单（第一批）.xlsx', 'license.pdf'),
  hostileText.map((text) => text.slice(0, 300)),
);

/** Arbitrary requests to `endpoint`: path, query and body from its schemas, files for its multipart field. */
export function requestArbitrary(endpoint: Endpoint, realistic: Realistic, files: Uint8Array[]) {
  const paramsSchema = endpoint.params ? jsonSchemaOf(endpoint.params) : undefined;
  const paramNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => {
        // `exams.id` names an exam where `id` alone could be anything: the segment before a parameter says what it is.
        const resource = new RegExp(`/(\\w+)/:${name}\\b`).exec(endpoint.path)?.[1];
        const field = resource && realistic.byField[`${resource}.${name}`] ? `${resource}.${name}` : name;
        return [name, segmentValue(paramsSchema?.properties?.[name] ?? {}, field, realistic)];
      }),
    ),
  );
  const query = endpoint.query
    ? fc.option(schemaValue(jsonSchemaOf(endpoint.query), '', realistic), { nil: undefined, freq: 6 })
    : fc.constant(undefined);

  const json = endpoint.body
    ? fc.oneof(
        { weight: 8, arbitrary: schemaValue(jsonSchemaOf(endpoint.body), '', realistic) },
        { weight: 1, arbitrary: wrongType },
      )
    : wrongType;
  const bodies: fc.WeightedArbitrary<RequestBody>[] = [
    { weight: 6, arbitrary: json.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 30 }).map((text) => ({ kind: 'raw' as const, text: `{${text}` })),
    },
  ];
  if (endpoint.fileField) {
    const file = fc.record({
      kind: fc.constant('file' as const),
      field: fc.oneof({ weight: 4, arbitrary: fc.constant(endpoint.fileField) }, fc.string({ maxLength: 8 })),
      fileName,
      contentType: fc.constantFrom('image/png', 'text/csv', 'application/pdf', 'application/octet-stream'),
      bytes: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...files) }, fc.uint8Array({ maxLength: 2048 })),
    });
    bodies.push({ weight: 12, arbitrary: file });
  }
  const body =
    endpoint.body || endpoint.fileField
      ? fc.oneof(...bodies)
      : fc.oneof({ weight: 6, arbitrary: fc.constant<RequestBody>({ kind: 'none' }) }, ...bodies);

  return fc.record({ params, query, body }).map(({ params: values, query: search, body: payload }) => ({
    url: `${fillPath(endpoint.path, values)}${queryString(search)}`,
    body: payload,
  }));
}

const SAMPLE_SEED = 42;

/** One value of `arbitrary`, the same every run. */
function sampleOf<T>(arbitrary: fc.Arbitrary<T>): T {
  const [value] = fc.sample(arbitrary, { seed: SAMPLE_SEED, numRuns: 1 });
  return value as T;
}

function validSampleOf(schema: JsonSchema, field: string, realistic: Realistic): unknown {
  const known = realistic.byField[field];
  if (known && known.length > 0) return known[0];
  if (schema.anyOf) return validSampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? {}, field, realistic);
  if (schema.type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validSampleOf(property, key, realistic)]),
    );
  }
  return sampleOf(schemaValue(schema, field, realistic));
}

/** A request object (body, query or params) as valid as the test can make it: known values first, else the schema's. */
export function validSample(schema: z.ZodType, realistic: Realistic): unknown {
  return validSampleOf(jsonSchemaOf(schema), '', realistic);
}

/** The paths of every text field of a request object (outside unions, whose refusals name no single field). */
export function textFields(schema: z.ZodType): string[][] {
  const paths: string[][] = [];
  const walk = (node: JsonSchema, path: string[]) => {
    if (node.type === 'object') {
      for (const [key, property] of Object.entries(node.properties ?? {})) walk(property, [...path, key]);
    } else if (node.type === 'string' || node.anyOf?.some((option) => option.type === 'string')) {
      paths.push(path);
    }
  };
  walk(jsonSchemaOf(schema), []);
  return paths;
}

/** `value` with the field at `path` replaced. */
export function withField(value: unknown, path: string[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  const object = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...object, [key]: withField(object[key], rest, replacement) };
}

/** A path with its parameters filled in from `params`, each percent-encoded. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeSegment(asText(params[name])));
}

/** The query string of `query`'s fields (repeated for arrays), with its leading `?`, or '' when empty. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parameters.append(key, asText(item));
  }
  const text = parameters.toString();
  return text ? `?${text}` : '';
}
