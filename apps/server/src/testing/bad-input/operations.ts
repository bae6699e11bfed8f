/** The slice of JSON Schema that @fastify/swagger writes for our zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One route of the OpenAPI document, with what it accepts. */
export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: `/api/orders/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; undefined when the route declares none. */
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every operation of the document (`app.swagger()`), so a route added later is walked without changes here. */
export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method): Operation => {
      const operation = item[method] ?? {};
      const params = (where: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required ?? false }));
      return {
        method: method.toUpperCase() as Operation["method"],
        path,
        pathParams: params("path"),
        query: params("query"),
        body: operation.requestBody?.content?.["application/json"]?.schema,
      };
    }),
  );
}

export const operationName = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;
