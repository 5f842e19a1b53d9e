import fc from 'fast-check';

/**
 * fast-check arbitraries for API fuzzing, driven by the JSON Schemas of the OpenAPI document. A
 * request is first drawn plausible (shaped by its schema, with seed values for fields whose wire
 * form a schema cannot tell, like a box `w,s,e,n`), then one or two of its values, anywhere in its
 * tree, are replaced by something hostile. Changing one thing at a time gets requests past the
 * first check, so the hostile value reaches the code behind it.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
};

/** Plausible values by field or parameter name: the fuzzer's seed corpus. */
export type Seeds = Record<string, fc.Arbitrary<unknown>>;

/** Raw JSON tokens JSON.stringify cannot write (it turns them into null); spliced into bodies. */
const RAW_NUMBERS = ['1e999', '-1e999', '1e-400', '-0', '5e-324', '123456789012345678901234567890'];
const RAW_MARK = '\u0001raw:';

/** Numbers at the edges of what JavaScript, JSON and PostgreSQL hold. */
export const hostileNumbers = [
  0,
  -0,
  -1,
  5e-324,
  -5e-324,
  1e-310,
  2.2250738585072014e-308,
  1e-9,
  0.1,
  90.0000001,
  -180.0000001,
  1e308,
  -1e308,
  32767,
  32768,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  2 ** 53 - 1,
  2 ** 53,
  1e21,
];

/** Text that has broken, or could break, a parser, a database or a reader. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  '\ud83d',
  'e\u0301',
  '\u202eevil\u202c',
  '\u2066iso\u2069',
  'zero\u200bwidth',
  '\ufeffbom',
  '\u0007\u001b[31mred',
  'line\r\nbreak',
  '\t',
  'x'.repeat(5_000),
  'é'.repeat(130),
  '%00',
  '%ff',
  "'; DROP TABLE places; --",
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://x")',
  "'=1+1",
  '@SUM(A1)',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '5e-324',
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  ',,,',
  '__proto__',
  'constructor',
  '5e-324,0',
  '0,5e-324',
  '1e-320,1e-320,1e-320,1e-320',
  '-180,-90,180,90',
  '45.8,1e309',
];

const edgeNumberText = fc.constantFrom(
  ...hostileNumbers.map(String),
  'NaN',
  '1e309',
  '',
  ' 1',
  '0x10',
  '1_0',
);
const plausibleNumberText = fc.oneof(
  fc.constantFrom('45.8', '16', '15.9', '45.7', '16.1', '45.9'),
  fc.double({ min: -90, max: 90, noNaN: true }).map(String),
);

/** Comma-separated numbers, mostly plausible: the wire form of points and boxes, bent. */
const numberList = fc
  .array(fc.oneof({ arbitrary: plausibleNumberText, weight: 2 }, { arbitrary: edgeNumberText, weight: 1 }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(','));

const hostileString = fc.oneof(
  fc.constantFrom(...hostileStrings),
  numberList,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...RAW_NUMBERS).map((raw) => `${RAW_MARK}${raw}`),
  fc.double(),
);

/** Something hostile for any spot of a request: wrong types, edge numbers, bad text, huge records. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, ['a', 1, null]), weight: 1 },
  // Hundreds of languages in one record: the size a proposal must not reach.
  {
    arbitrary: fc.dictionary(fc.stringMatching(/^[a-z]{2}$/), fc.constant('y'.repeat(300)), {
      minKeys: 200,
      maxKeys: 300,
    }),
    weight: 1,
  },
);

/** Integers that name rows of the fixture (ids) and small ones (versions, limits), set by the test. */
let knownIntegers: number[] = [1, 2, 3];

/** The ids and versions that exist, so generated requests reach real rows and not only 404s. */
export function useKnownIntegers(values: number[]) {
  knownIntegers = [...new Set([...values, 1, 2, 3])];
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      if (/^\^?\\d/.test(schema.pattern)) {
        return fc.oneof(
          fc.constantFrom(...knownIntegers.map(String)).filter((text) => pattern.test(text)),
          fc.stringMatching(pattern),
        );
      }
      return fc.stringMatching(pattern).filter((text) => text.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern JavaScript cannot compile: fall back to plain text.
    }
  }
  const max = Math.min(schema.maxLength ?? 30, 30);
  return fc.string({ minLength: Math.min(Math.max(schema.minLength ?? 0, 1), max), maxLength: max });
}

/** A value shaped like `schema` (seeds first, by the field's `name`), never hostile on purpose. */
export function plausibleFor(
  schema: JsonSchema,
  seeds: Seeds,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const seed = name === undefined ? undefined : seeds[name];
  if (seed) return seed;
  if (depth > 5) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    // Prefer the alternatives that carry a value over a bare null.
    const valued = alternatives.filter((item) => item.type !== 'null');
    return fc.oneof(
      ...(valued.length ? valued : alternatives).map((item) => plausibleFor(item, seeds, name, depth + 1)),
    );
  }
  if (schema.allOf?.length) return plausibleFor(Object.assign({}, ...schema.allOf), seeds, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1e6) + 1;
      const max = Math.min(schema.maximum ?? 1e6, 2 ** 31 - 1);
      const inRange = knownIntegers.filter((value) => value >= min && value <= max);
      return inRange.length ? fc.constantFrom(...inRange) : fc.integer({ min, max });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(
        schema.items ? plausibleFor(schema.items, seeds, undefined, depth + 1) : fc.constant(1),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        },
      );
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          plausibleFor(value, seeds, key, depth + 1),
        ]),
      );
      const required = (schema.required ?? []).filter((key) => key in shape);
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && Object.keys(shape).length === 0) {
        const keys =
          seeds.$recordKey ?? (schema.propertyNames ? plausibleString(schema.propertyNames) : fc.string());
        return fc.dictionary(keys as fc.Arbitrary<string>, plausibleFor(extra, seeds, undefined, depth + 1), {
          minKeys: 1,
          maxKeys: 2,
        });
      }
      return fc.record(shape, { requiredKeys: required });
    }
    default:
      return fc.constant('x');
  }
}

/**
 * The values that have broken servers like this one, tried one by one in every spot of a request
 * by the sweep (random fuzzing alone rarely lands a given one in a given spot).
 */
export const POISONS: unknown[] = [
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\u202eevil',
  'zero\u200bwidth',
  '\u0007bell',
  'x'.repeat(5_000),
  '5e-324,0',
  '0,5e-324',
  '5e-324,5e-324,5e-324,5e-324',
  '45.8,1e309',
  '2147483648',
  '',
  5e-324,
  1e-310,
  -0,
  2147483648,
  2 ** 53,
  1e308,
  `${RAW_MARK}1e999`,
  null,
  [],
  { en: 'a\u0000b' },
];

/** Every copy of `value` with one of its nodes (not the root) replaced by `replacement`. */
export function everyNodeReplaced(value: unknown, replacement: unknown): unknown[] {
  const count = nodeCount(value);
  return Array.from({ length: count - 1 }, (_, index) => replaceNode(value, index + 1, replacement));
}

/** How many nodes (the value itself, its properties and items, at any depth) a JSON value has. */
function nodeCount(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + nodeCount(item), 0);
  if (value && typeof value === 'object') {
    return 1 + Object.values(value).reduce((sum: number, item) => sum + nodeCount(item), 0);
  }
  return 1;
}

/** A copy of `value` with its `index`-th node (pre-order) replaced by `replacement`. */
function replaceNode(value: unknown, index: number, replacement: unknown): unknown {
  let position = index;
  const walk = (node: unknown): unknown => {
    if (position === 0) {
      position -= 1;
      return replacement;
    }
    position -= 1;
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  return walk(value);
}

/**
 * `plausible` with none, one or two of its nodes replaced by hostile values (one, most often). The
 * root itself is never replaced: `keepRoot` levels of containers stay as they are.
 */
export function mutated<T>(plausible: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc
    .tuple(
      plausible,
      fc.oneof(
        { arbitrary: fc.constant([] as [number, unknown][]), weight: 1 },
        { arbitrary: fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 1, maxLength: 1 }), weight: 4 },
        { arbitrary: fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 2, maxLength: 2 }), weight: 1 },
      ),
    )
    .map(
      ([value, changes]) =>
        changes.reduce<unknown>((current, [pick, hostile]) => {
          const count = nodeCount(current);
          // Node 0 is the request itself: only its parts (and their insides) are replaced.
          return count <= 1 ? current : replaceNode(current, 1 + (pick % (count - 1)), hostile);
        }, value) as T,
    );
}

/** A query or path value as text; an array becomes the parameter repeated. */
export function queryTexts(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => (item === undefined ? [] : [textOf(item)]));
  return [textOf(value)];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.startsWith(RAW_MARK) ? value.slice(RAW_MARK.length) : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/** Percent-encodes a value, falling back to raw invalid sequences for text that cannot be encoded. */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: send what a hostile client would, bytes that are not UTF-8.
    return '%ED%A0%80';
  }
}

/** JSON text of a body, with the raw number tokens that JSON.stringify cannot write spliced in. */
export function jsonBody(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/"\\u0001raw:([^"]*)"/g, (_match, raw: string) => raw);
}
