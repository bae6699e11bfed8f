import fc from "fast-check";
import type { JsonSchema } from "./operations";

/** A number written into the JSON text as it is (1e309, 9007199254740993): JSON.stringify cannot. */
export class RawNumber {
  constructor(readonly text: string) {}
}

const raw = (text: string) => new RawNumber(text);

/** JSON text, with RawNumber written as it is. */
export function jsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What the ring knows about the seeded store, so plausible values point at real rows. */
export interface StoreFacts {
  productId: number;
  blogId: number;
  cartId: string;
}

/**
 * Values that pass for each field by its name, where the schema alone cannot tell (e-mail and phone
 * rules sit in zod pipes and refinements the OpenAPI document does not show).
 */
const dictionaries = new WeakMap<StoreFacts, Map<string, fc.Arbitrary<unknown>>>();
function byName(facts: StoreFacts): Map<string, fc.Arbitrary<unknown>> {
  let dictionary = dictionaries.get(facts);
  if (!dictionary) dictionaries.set(facts, (dictionary = new Map(Object.entries(namedValues(facts)))));
  return dictionary;
}

function namedValues(facts: StoreFacts): Record<string, fc.Arbitrary<unknown>> {
  const c = fc.constantFrom;
  return {
    // Fresh addresses, so sign-up reaches the insert rather than stopping at "already registered".
    email: fc.stringMatching(/^[a-z]{8,12}$/).map((name) => `${name}@example.in`),
    password: c("correct horse battery"),
    mobile_number: c("+91 98290 41234"),
    country_code: c("+91", "IN"),
    pin_code: c("302002"),
    first_name: c("Asha"),
    last_name: c("Meena"),
    name: c("Asha Meena"),
    delivery_address: c("12 Hawa Mahal Road"),
    city: c("Jaipur"),
    state: c("Rajasthan"),
    comment: c("Please call before delivery"),
    query: c("block print", "cushion"),
    product_pk: c(facts.productId),
    productId: c(1, facts.productId),
    blog_pk: c(facts.blogId),
    id: c(1, 2, facts.productId),
    category_pk: fc.integer({ min: 1, max: 6 }),
    category: fc.integer({ min: 1, max: 6 }),
    sub_category_pk: fc.integer({ min: 1, max: 25 }),
    subcategory: fc.integer({ min: 1, max: 25 }),
    cart_id: c(null, facts.cartId),
    promo_code: c("WELCOME10", "Nil"),
    amount: c(1000, 2999),
    no_of_products: c(1, 2),
    quantity: c(1, 2),
    offer_price: c(20),
    mrp: c(25),
    rating: c(4, 4.5),
    image: c("https://example.in/indigo.jpg"),
    media: c("https://example.in/indigo.jpg"),
    main_image: c("https://example.in/indigo.jpg"),
    navigate_link: c("/women"),
    product_link: c("/women"),
    data_url: c(
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    ),
    date: c("2026-03-31T18:30:00Z"),
    starts_at: c("2026-03-01T00:00:00Z", null),
    ends_at: c("2026-12-31T23:59:59Z", null),
    from: c("2026-03-01"),
    to: c("2026-03-31"),
    tracking_number: c("TRK302002"),
    // Made to order (decision 099): an order line, a piece's notes, its making.
    lineId: c(1, 2),
    notes: c("", "Chest 96 cm, waist 82 cm"),
  };
}

/** A value the field's schema (or its name) accepts: the starting point each mutation spoils. */
export function plausible(name: string, schema: JsonSchema, facts: StoreFacts): fc.Arbitrary<unknown> {
  const named = byName(facts).get(name);
  if (named) return named;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => plausible(name, branch, facts)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = Math.max(schema.minimum ?? 0, -1000);
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1000, 1000)) });
    }
    case "array":
      return fc.array(plausible(name, schema.items ?? {}, facts), { maxLength: Math.min(schema.maxItems ?? 2, 2) });
    case "object":
      return plausibleObject(schema, facts);
    case "string":
      return plausibleString(schema);
    default:
      return fc.constant("Jaipur");
  }
}

/** Required properties, and some of the optional ones. */
export function plausibleObject(schema: JsonSchema, facts: StoreFacts): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const record = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, plausible(key, value, facts)]),
  );
  return fc.record(record, { requiredKeys: required.filter((key) => key in record) });
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time") return fc.constant("2026-03-31T18:30:00Z");
  if (schema.format === "email") return fc.constant("asha.meena@example.in");
  const pattern = schema.pattern ?? schema.allOf?.map((s) => s.pattern).find(Boolean);
  if (pattern) {
    try {
      return fc
        .stringMatching(new RegExp(pattern), { size: "xsmall" })
        .filter((s) => s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern JavaScript cannot compile: fall through to plain words.
    }
  }
  const min = schema.minLength ?? 0;
  return fc
    .constantFrom("Jaipur", "Indigo kantha", "HANDMADE")
    .map((s) => s.padEnd(min, "x").slice(0, schema.maxLength ?? s.length));
}

const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  "\u007f",
  "\u0085",
  "\u009b",
  "\u2028",
  "\u2029",
];

const UNUSUAL_UNICODE = [
  "\ud800",
  "\udfff",
  "a\ud83d",
  "\udc00b", // lone surrogates
  "\u202eevil\u202c",
  "\u200f\u200e",
  "\u2066x\u2069", // bidirectional marks and overrides
  "\u200b\u200d\ufeff",
  "\ufffe\uffff",
  "\u0301\u0301\u0301", // zero-width, noncharacters, bare combining marks
  "🧵🪡👨‍👩‍👧‍👦",
  "𝓙𝓪𝓲𝓹𝓾𝓻",
  "जयपुर",
  "جے پور",
  "Z̷̢͎a̸l̵g̶o̸",
];

const HUGE = (() => {
  const cache = new Map<string, string>();
  return (unit: string, count: number) => {
    const key = `${unit}:${count}`;
    if (!cache.has(key)) cache.set(key, unit.repeat(count));
    return cache.get(key) as string;
  };
})();

const DATES = [
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "99999-12-31",
  "+099999-12-31T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "1900-01-01",
  "9999-12-31T23:59:59.999Z",
  "2026-02-30",
  "2026-13-01",
  "2026-03-31T25:00:00Z",
  "2026-03-31T18:30:00+14:00",
  "2026-03-31",
  "31/03/2026",
  "today",
];

const NUMERIC_STRINGS = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1",
  "0",
  "2147483648",
  "0x1F",
  "1_000",
  " 12 ",
  "12abc",
  "١٢",
  "+1",
  "1e3",
  "9".repeat(400),
];

const INJECTION = [
  "' OR 1=1 --",
  "'; drop table users; --",
  "%00",
  "%s%s%n",
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}",
  "{{7*7}}",
  "\\",
  '"',
  "__proto__",
  "null",
  "undefined",
  "Nil",
  "a@b",
  "@",
  "mailto:a@b.c",
];

const BOUNDARY_NUMBERS: unknown[] = [
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  raw("9007199254740993"),
  1e21,
  -1e21,
  raw("1e309"),
  raw("-1e309"),
  raw("1e-400"),
  1e-7,
  -0,
  -1,
  0,
  0.5,
  99.999,
  raw("1E+2"),
  raw("-0.0"),
];

/** PostgreSQL's integer columns are 32-bit. */
const INT32_EDGES = [2147483647, 2147483648, -2147483648, -2147483649, "2147483648"];

/** Made afresh each time: a request spoils values in place, and a shared object would carry that into the next. */
const WRONG_TYPES: (() => unknown)[] = [
  () => null,
  () => true,
  () => false,
  () => 0,
  () => 1,
  () => [],
  () => ({}),
  () => [1, "a"],
  () => ({ a: { b: null } }),
  () => "",
  () => " ",
  () => "true",
  () => "null",
];

/** A string of the field with one control character slipped in. */
function withControlCharacter(base: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  // NUL half the time: PostgreSQL stores every other control character but cannot store NUL in text.
  const control = fc.oneof(fc.constant("\u0000"), fc.constantFrom(...CONTROL_CHARACTERS));
  return fc
    .tuple(
      base.map((v) => (typeof v === "string" ? v : jsonText(v))),
      control,
      fc.nat(),
    )
    .map(([text, control, at]) => {
      const i = text.length === 0 ? 0 : at % (text.length + 1);
      return text.slice(0, i) + control + text.slice(i);
    });
}

/** Just past what the schema allows: one character too many, one below the minimum, a fraction for an integer. */
function pastTheBounds(schema: JsonSchema): unknown[] {
  const values: unknown[] = [];
  if (schema.maxLength !== undefined) values.push(HUGE("x", schema.maxLength + 1), HUGE("é", schema.maxLength + 1));
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, raw(`${schema.maximum}0`));
  if (schema.type === "integer") values.push(1.5);
  for (const value of schema.enum ?? [])
    if (typeof value === "string")
      values.push(
        value.toLowerCase() === value ? value.toUpperCase() : value.toLowerCase(),
        `${value}\u0000`,
        ` ${value}`,
      );
  return values;
}

/** A value no well-behaved client sends for this field, weighted towards what hurts its type most. */
export function hostile(name: string, schema: JsonSchema, facts: StoreFacts): fc.Arbitrary<unknown> {
  const bounds = pastTheBounds(schema);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const numeric = type === "integer" || type === "number";
  const text = type === "string" || type === undefined;
  const dated =
    schema.format === "date-time" || /date|_at$|^from$|^to$/.test(name) || Boolean(schema.pattern?.includes("\\d{4}"));
  const weighted = (weight: number, arbitrary: fc.Arbitrary<unknown>) => ({ weight, arbitrary });
  return fc.oneof(
    weighted(text ? 6 : 1, withControlCharacter(plausible(name, schema, facts))),
    weighted(text ? 2 : 1, fc.constantFrom(...UNUSUAL_UNICODE)),
    weighted(
      2,
      fc.constantFrom(...WRONG_TYPES).map((make) => make()),
    ),
    weighted(numeric ? 4 : 1, fc.constantFrom(...BOUNDARY_NUMBERS)),
    weighted(numeric ? 3 : 0, fc.constantFrom(...INT32_EDGES)),
    weighted(numeric ? 2 : 1, fc.constantFrom(...NUMERIC_STRINGS)),
    weighted(dated ? 10 : 1, fc.constantFrom(...DATES)),
    weighted(1, fc.constantFrom(...INJECTION)),
    weighted(bounds.length ? 3 : 0, bounds.length ? fc.constantFrom(...bounds) : fc.constant(null)),
    weighted(
      1,
      fc
        .constantFrom(10_000, 100_000, 400_000)
        .chain((n) => fc.constantFrom(HUGE("x", n), HUGE("é", n / 2), HUGE("😀", n / 4), HUGE("\u0000", n / 10))),
    ),
    weighted(1, fc.string({ unit: "binary", maxLength: 40 })),
    weighted(1, fc.string({ unit: "grapheme", maxLength: 20 })),
    weighted(1, fc.jsonValue({ maxDepth: 3 })),
    weighted(
      1,
      fc.oneof(
        fc.double(),
        fc.integer(),
        fc.bigInt().map((n) => raw(n.toString())),
      ),
    ),
  );
}

/** A name for an unexpected field: odd keys included. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "id",
    "role",
    "is_admin",
    "user_id",
    "status",
    "used_count",
    "",
    " ",
    "a\u0000b",
    HUGE("k", 5000),
  ),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
);
