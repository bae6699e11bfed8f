import fc from "fast-check";
import type { Operation } from "./operations";
import { extraKey, hostile, jsonText, plausible, plausibleObject, RawNumber, type StoreFacts } from "./values";

/** Who sends the request; `shopper` and `admin` carry valid tokens so the input reaches validation and services. */
export type Sender = "guest" | "malformed-auth" | "unknown-token" | "shopper" | "admin";

export interface BadRequest {
  method: Operation["method"];
  url: string;
  sender: Sender;
  /** A header value for `Authorization` of the malformed kind (the valid ones are filled in when sending). */
  authorization?: string;
  contentType?: string;
  payload?: string;
  /** What was spoiled, to read in a failure report. */
  spoiled: string[];
}

type Json = unknown;
type Input = {
  path: Record<string, Json>;
  query: Record<string, Json>;
  body: Json;
  bodyText?: string;
  contentType: string | undefined;
};

/** Sets a key as an own property, even `__proto__`. */
function put(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Percent-encoding that also writes lone surrogates (as the invalid UTF-8 a broken client would send). */
function encode(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((part, i) => (i % 2 === 1 ? cesu(part.charCodeAt(0)) : encodeURIComponent(part)))
    .join("");
}
function cesu(unit: number): string {
  return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((b) => `%${b.toString(16).toUpperCase()}`)
    .join("");
}
const queryValue = (value: Json): string => (typeof value === "string" ? encode(value) : encode(jsonText(value)));

/** Paths to every value inside a JSON value (objects and arrays), the root excluded. */
function pathsIn(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object" || value instanceof RawNumber) return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsIn(child, [...prefix, key])]);
}

function parentOf(root: Json, path: (string | number)[]): Record<string, Json> {
  return path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key], root) as Record<
    string,
    Json
  >;
}

const BAD_JSON = [
  "{",
  '{"a":',
  "[1,2",
  "nul",
  "{'a':1}",
  "\u0000",
  '{"a":1,"a":2}',
  "\ufeff{}",
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  "",
  " ",
  "[]",
  "null",
  "0",
  '"text"',
  "true",
  `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
  `{"a":"${"x".repeat(1_100_000)}"}`,
];
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/jsonx",
  "*/*",
  "",
];
const MALFORMED_AUTH = [
  "Bearer abc",
  "Token",
  "Token a b",
  "Basic Zm9vOmJhcg==",
  `Token ${"x".repeat(5000)}`,
  "token\tabc",
];

/** The spoiling steps: each changes the input in place and says what it did. */
function spoil(g: fc.GeneratorValue, op: Operation, input: Input, facts: StoreFacts): string {
  const bodyPaths = pathsIn(input.body);
  const fields = [
    ...bodyPaths.map((path) => ({ where: "body" as const, path })),
    ...op.query.map((p) => ({ where: "query" as const, path: [p.name] })),
    ...op.pathParams.map((p) => ({ where: "path" as const, path: [p.name] })),
  ];
  const kind = g(() =>
    fc.oneof(
      ...(
        [
          ["value", fields.length ? 12 : 0],
          ["drop", fields.length ? 2 : 0],
          ["extra", 2],
          ["repeat", 1],
          ["body", 2],
          ["content-type", 1],
        ] as const
      ).map(([name, weight]) => ({ weight, arbitrary: fc.constant(name) })),
    ),
  );
  if (kind === "value" || kind === "drop") {
    const field = g(() => fc.constantFrom(...fields));
    const name = String(field.path.at(-1));
    const schema = schemaAt(op, field.where, field.path);
    const root = field.where === "body" ? input.body : field.where === "query" ? input.query : input.path;
    const parent = parentOf(root, field.path);
    if (kind === "drop") {
      if (field.where === "path") put(parent, name, "");
      else delete parent[name];
      return `drop ${field.where}.${field.path.join(".")}`;
    }
    const value = g(() => hostile(name, schema, facts));
    put(parent, name, value);
    return `${field.where}.${field.path.join(".")} = ${preview(value)}`;
  }
  if (kind === "extra") {
    const key = g(() => extraKey);
    const value = g(() => hostile(key, {}, facts));
    const inBody = input.body !== null && typeof input.body === "object" && !Array.isArray(input.body) && g(fc.boolean);
    put(inBody ? (input.body as Record<string, Json>) : input.query, key, value);
    return `extra ${inBody ? "body" : "query"}.${preview(key)} = ${preview(value)}`;
  }
  if (kind === "repeat") {
    const name = op.query.length ? g(() => fc.constantFrom(...op.query.map((p) => p.name))) : "page";
    put(input.query, name, [input.query[name] ?? "1", g(() => hostile(name, {}, facts))]);
    return `repeat query.${name}`;
  }
  if (kind === "body") {
    const text = g(() => fc.oneof(fc.constantFrom(...BAD_JSON), fc.jsonValue({ maxDepth: 2 }).map(jsonText)));
    input.bodyText = text;
    input.contentType ??= "application/json";
    return `body text ${preview(text)}`;
  }
  input.contentType = g(() => fc.constantFrom(...CONTENT_TYPES));
  if (input.body === undefined) input.bodyText = "a=1";
  return `content-type ${JSON.stringify(input.contentType)}`;
}

function schemaAt(op: Operation, where: "body" | "query" | "path", path: (string | number)[]) {
  if (where !== "body")
    return (where === "query" ? op.query : op.pathParams).find((p) => p.name === path[0])?.schema ?? {};
  let schema = op.body ?? {};
  for (const key of path) schema = (typeof key === "number" ? schema.items : schema.properties?.[key]) ?? {};
  return schema;
}

function preview(value: Json): string {
  const text = typeof value === "string" ? JSON.stringify(value) : jsonText(value);
  return text.length > 80 ? `${text.slice(0, 60)}... (${text.length} chars)` : text;
}

const SENDERS_BY_ROUTE = {
  admin: [
    ["guest", 1],
    ["malformed-auth", 1],
    ["unknown-token", 1],
    ["shopper", 1],
    ["admin", 8],
  ],
  other: [
    ["guest", 3],
    ["malformed-auth", 1],
    ["unknown-token", 1],
    ["shopper", 4],
    ["admin", 3],
  ],
} as const;

/** Requests to one operation, each spoiled in one to three ways, from a plausible starting point. */
export function badRequests(op: Operation, facts: StoreFacts, adminPrefix: string): fc.Arbitrary<BadRequest> {
  const senders = SENDERS_BY_ROUTE[op.path.startsWith(adminPrefix) ? "admin" : "other"];
  const sender = fc.oneof(...senders.map(([name, weight]) => ({ weight, arbitrary: fc.constant(name as Sender) })));
  return fc.gen().map((g) => {
    const input: Input = {
      path: Object.fromEntries(op.pathParams.map((p) => [p.name, g(() => plausible(p.name, p.schema, facts))])),
      query: {},
      body: op.body ? g(() => plausibleObject(op.body ?? {}, facts)) : undefined,
      contentType: op.body ? "application/json" : undefined,
    };
    for (const p of op.query) {
      const present = p.required || g(fc.boolean);
      if (present) input.query[p.name] = g(() => plausible(p.name, p.schema, facts));
    }
    // Mostly one thing wrong at a time, so the rest of the request passes and the bad part gets deep.
    const count = g(() =>
      fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) }),
    );
    const spoiled = Array.from({ length: count }, () => spoil(g, op, input, facts));
    const who = g(() => sender);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => queryValue(input.path[name] ?? ""));
    const query = Object.entries(input.query).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${encode(k)}=${queryValue(item)}`),
    );
    return {
      method: op.method,
      url: query.length ? `${path}?${query.join("&")}` : path,
      sender: who,
      authorization:
        who === "malformed-auth"
          ? g(() => fc.constantFrom(...MALFORMED_AUTH))
          : who === "unknown-token"
            ? `Token ${g(fc.uuid)}`
            : undefined,
      contentType: input.contentType,
      payload: input.bodyText ?? (input.body === undefined ? undefined : jsonText(input.body)),
      spoiled,
    };
  });
}
