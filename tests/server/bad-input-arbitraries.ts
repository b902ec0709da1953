import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { REQUEST_FAILED } from '../../server/chat/chat-access';

/**
 * Bad input for the bad-input properties (bad-input-rest.test.ts, bad-input-sockets.test.ts): path
 * segments, query strings, bodies and socket payloads a careless or hostile client could send, and
 * the check that what the server answered gives nothing away.
 */

/** The seed of this run's properties: `FC_SEED=… npx vitest run tests/server/bad-input-…` replays one. */
export const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * Cases per socket event: 300 in `npm test` (a fresh seed each run: the cases add up over runs),
 * 1,000 by `npm run fuzz`; 1,000 made the sockets' file the suite's longest (65 s).
 */
export const RUNS = Number(process.env.FC_RUNS ?? 300);
/**
 * Cases per REST route: 100 in `npm test` (a fresh seed each run), 1,000 by `npm run fuzz`. A
 * thousand per route costs 10 to 25 minutes on two cores — most routes read the signed-in member
 * and their data for each case — where the whole suite should take twenty.
 */
export const REST_RUNS = Number(process.env.FC_RUNS ?? 100);

/** Every field name the contract's schemas know, so the bodies and queries reach past the first check. */
export async function contractFieldNames(): Promise<string[]> {
  const folder = fileURLToPath(new URL('../../src/contract/', import.meta.url));
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(walk);
    const def = '_zod' in value && typeof value._zod === 'object' && value._zod !== null && 'def' in value._zod ? value._zod.def : null;
    if (typeof def !== 'object' || def === null) return;
    if ('shape' in def && typeof def.shape === 'object' && def.shape !== null) {
      for (const [name, field] of Object.entries(def.shape)) {
        names.add(name);
        walk(field);
      }
    }
    // Wrappers, arrays, unions, pipes, records: their inner schemas.
    for (const inner of Object.values(def)) if (typeof inner === 'object') walk(inner);
  };
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module: Record<string, unknown> = await import(`../../src/contract/${file}`);
    Object.values(module).forEach(walk);
  }
  return [...names].sort();
}

/** Strings that have broken servers: NUL, lone surrogates, bidi and BOM, numbers that are not, SQL, paths. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'a\udc00b',
  '\u202e\u0644\u0627',
  '\ufeff',
  '\u200b',
  'é',
  'e\u0301',
  '😀',
  '\u{10ffff}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '9007199254740993',
  '99999999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  "'; drop table users; --",
  '../../../../etc/passwd',
  '%00',
  '%zz',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'forex',
  'all',
  'membre',
  '2026-02-30T25:61:00.000Z',
  '1970-01-01T00:00:00.000Z',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(101),
];

/** Any string: the nasty ones, any code unit (lone surrogates included), text (the huge ones are `hugeValue`'s). */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udfff', 'a', 'é', '\u202e'), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('é'.repeat(1_000), 'x'.repeat(10_001), '😀'.repeat(3_000)) },
);

/**
 * Huge values, made once (a body of them costs the server a parse, so they are a few of the cases):
 * strings under and over the 1 MB body limit, an array of 100,000 items.
 */
const HUGE_VALUES: readonly unknown[] = ['é'.repeat(300_000), 'x'.repeat(900_000), 'x'.repeat(1_100_000), Array.from({ length: 100_000 }, (_, i) => i), Array(50_000).fill('é')];
export const hugeValue: fc.Arbitrary<unknown> = fc.constantFrom(...HUGE_VALUES);

/** Numbers a schema may not expect: huge, negative, fractional, unsafe (NaN and ±Infinity become null in JSON). */
const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.double(),
);

/** A JSON value whose objects use the given field names (plus `__proto__` and `constructor` as plain keys). */
export function jsonValue(fields: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fields) }, fc.constantFrom('__proto__', 'constructor', 'prototype', ''), fc.string({ maxLength: 8 }));
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      anyString,
      anyNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 6 }),
      // Own `__proto__` keys, as JSON.parse would make them (not the prototype).
      fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => withOwnKeys(entries)),
    ),
  }));
  return value;
}

/** An object of the given field names: what a route's schema mostly reads, each value of any type. */
export function jsonObject(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.subarray([...fields], { maxLength: 8 }), fc.array(jsonValue(fields), { minLength: 8, maxLength: 8 }), fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x'), jsonValue(fields)), { maxLength: 2 }))
    .map(([names, values, extra]) => withOwnKeys([...names.map((name, i): [string, unknown] => [name, values[i]]), ...extra]));
}

function withOwnKeys(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of entries) Object.defineProperty(object, name, { value, enumerable: true, configurable: true, writable: true });
  return object;
}

/** A path segment as the wire carries it: percent-encoded text (lone surrogates as their raw bytes), raw bytes, or oddities. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyString.filter((text) => text.length < 400).map(encodeWtf8) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => [...bytes].map(percent).join('')) },
  { weight: 2, arbitrary: fc.constantFrom('%00', 'a%00', '1%00', '%ED%A0%80', '%C0%80', '%FF', '%', '%2', '%zz', '..', '%2e%2e', '%2F', 'a%2Fb', '1', '-1', '0', '1.5', '1e3', 'forex', 'x'.repeat(120)) },
);

/** A query string built of the given field names (repeated, bracketed and `__proto__` keys included). */
export function queryString(fields: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fields) }, fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a[]', ''), fc.string({ maxLength: 6 }).map(encodeWtf8));
  return fc
    .array(fc.tuple(key, fc.oneof(pathSegment, fc.constant(''))), { maxLength: 6 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${encodeKey(name)}=${value}`).join('&')}`));
}

const encodeKey = (name: string): string => name.replace(/[^A-Za-z0-9_[\]-]/g, (char) => encodeWtf8(char));

/** A GraphQL request: one of the client's documents with bad variables, or a bad document. */
export function graphqlBody(documents: readonly string[], fields: readonly string[]): fc.Arbitrary<BadBody> {
  const variables = fc.oneof(jsonObject(fields).map((input) => ({ input })), jsonObject(fields), jsonValue(fields));
  const query = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...documents) }, anyString, fc.constant('{ __schema { types { name } } }'), fc.constant(`query { ${'a { '.repeat(2000)}${'}'.repeat(2000)} }`));
  return fc.record({ query, variables, operationName: fc.option(anyString) }).map((body) => ({ contentType: 'application/json', payload: JSON.stringify(body) }));
}

/** A request body and its declared type. */
export type BadBody = { contentType: string | null; payload: string | Buffer };

/** Bodies: JSON of the route's fields, of anything, deeply nested, not JSON at all, empty, too large. */
export function requestBody(fields: readonly string[]): fc.Arbitrary<BadBody> {
  const json = (payload: string): BadBody => ({ contentType: 'application/json', payload });
  return fc.oneof(
    { weight: 16, arbitrary: jsonObject(fields).map((value) => json(JSON.stringify(value))) },
    { weight: 4, arbitrary: jsonValue(fields).map((value) => json(JSON.stringify(value) ?? 'null')) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...fields), hugeValue).map(([name, value]) => json(JSON.stringify({ [name]: value }))) },
    { weight: 1, arbitrary: fc.constantFrom(10, 1_000, 100_000).map((depth) => json(`${'['.repeat(depth)}${']'.repeat(depth)}`)) },
    { weight: 1, arbitrary: fc.constantFrom(10, 1_000, 100_000).map((depth) => json(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)) },
    { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"isStaff":true}}', '{"constructor":{"prototype":{"isStaff":true}}}', '{"a":1,"a":2}').map(json) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', 'nul', '"\\ud800"', '"\\u0000"', '{"a":"\\u0000"}', '[1,]', 'NaN', '\u0000', '\ufeff{}').map(json) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/octet-stream', 'image/png', 'application/json\u0000'),
        payload: fc.oneof(fc.string({ maxLength: 60 }), fc.constant('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n<svg/>\r\n--x--')),
      }),
    },
    { weight: 1, arbitrary: fc.constant<BadBody>({ contentType: null, payload: '' }) },
  );
}

/**
 * What is wrong with an answer to bad input, or null: a 5xx, internals (SQL, a stack, a path) in
 * a refusal, or a refusal in English (zod's or the framework's).
 */
export function answerProblem(status: number, body: string): string | null {
  if (status >= 500) return `${status} ${body.slice(0, 300)}`;
  // A failure answered below 500 (GraphQL's errors, a socket's acknowledgement) is one all the same.
  const failure = messagesOf(body).find((message) => message.startsWith(REQUEST_FAILED));
  if (failure) return `server failure in ${status}: ${failure}`;
  if (status < 400) return null;
  const leak = leakIn(body);
  if (leak) return `internals (${leak}) in ${status} ${body.slice(0, 300)}`;
  for (const message of messagesOf(body)) {
    if (!ENGLISH.test(message) || CODES.has(message)) continue;
    return `English message in ${status}: ${message.slice(0, 200)}`;
  }
  return null;
}

/** The internals an answer carries (SQL, a stack, a path), if any. */
export function leakIn(body: string): string | undefined {
  const lower = body.toLowerCase();
  return LEAKS.find((marker) => lower.includes(marker));
}

/** What an answer must never carry. */
const LEAKS = ['select ', 'insert ', 'update "', 'delete from', 'at /', 'at async', 'node_modules', '.ts:', '.js:', 'error:', 'stack'];
/** English words of zod's, fastify's and node's messages (French shares none of them as words). */
const ENGLISH = /\b(invalid|expected|required|must|cannot|unexpected|error|errors|failed|found|bad request|unsupported|too (big|small|large)|received|should|unrecognized|missing|body|internal|request|forbidden|payload|not)\b/i;
/** The API's codes: words the client knows and translates (never shown as they are). */
const CODES = new Set(['NOT_ALLOWED']);

/** The `error` or `message` strings of a JSON answer (GraphQL's `errors[].message` too). */
export function messagesOf(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const messages: string[] = [];
  for (const field of ['error', 'message'] as const) {
    const value: unknown = field in parsed ? parsed[field as keyof typeof parsed] : undefined;
    if (typeof value === 'string') messages.push(value);
  }
  if ('errors' in parsed && Array.isArray(parsed.errors)) {
    for (const error of parsed.errors as unknown[]) {
      if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') messages.push(error.message);
    }
  }
  return messages;
}

const percent = (byte: number): string => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes every code unit as UTF-8, a lone surrogate as the three bytes it would have
 * (invalid UTF-8, as a broken client sends it: `encodeURIComponent` would throw instead).
 */
export function encodeWtf8(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map(percent).join('');
    } else {
      out += /[A-Za-z0-9_.~-]/.test(text[i] ?? '') ? text[i] : encodeURIComponent(text[i] ?? '');
    }
  }
  return out;
}
