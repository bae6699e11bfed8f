import type { FastifyRequest, FastifyTypeProviderDefault } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminIdParams, errorBodySchema } from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import type { SessionUser } from "../accounts/service";

export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** Every admin route can answer these (the guard's 401/403 included); documented once. */
export const ADMIN_ERRORS = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

interface CrudResource<TView, TCreate, TPatch> {
  list(): Promise<{ data: TView[] }>;
  get(id: number): Promise<TView>;
  create(actor: SessionUser, input: TCreate): Promise<TView>;
  update(actor: SessionUser, id: number, patch: TPatch): Promise<TView>;
  remove(actor: SessionUser, id: number): Promise<void>;
}

/**
 * The five routes of a flat back-office record: list, read, create (201), edit (PATCH, any subset of the
 * fields) and delete (204). A fixed set of records (no `create` schema, e.g. the home strip's ten tiles)
 * gets only list, read and edit.
 */
export function crudRoutes<TView, TCreate, TPatch>(
  app: AdminApp,
  path: string,
  resource: CrudResource<TView, TCreate, TPatch>,
  schemas: {
    view: z.ZodType<TView>;
    create?: z.ZodType<TCreate>;
    patch: z.ZodType<TPatch>;
    tag: string;
    label: string;
  },
): void {
  const tags = ["admin", schemas.tag];
  // The zod validator has already replaced params and body with the schemas' output, but a generic route
  // cannot see those types through the type provider, so this one place names them.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof adminIdParams>).id;
  routes.get(
    path,
    {
      schema: {
        tags,
        summary: `Every ${schemas.label}`,
        response: { 200: z.object({ data: z.array(schemas.view) }), ...ADMIN_ERRORS },
      },
    },
    () => resource.list(),
  );
  routes.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `One ${schemas.label}`,
        params: adminIdParams,
        response: { 200: schemas.view, ...ADMIN_ERRORS },
      },
    },
    (request) => resource.get(idOf(request)),
  );
  routes.patch(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Change a ${schemas.label}`,
        params: adminIdParams,
        body: schemas.patch,
        response: { 200: schemas.view, ...ADMIN_ERRORS },
      },
    },
    (request) => resource.update(signedInUser(request), idOf(request), request.body as TPatch),
  );
  const create = schemas.create;
  if (!create) return;
  routes.post(
    path,
    {
      schema: {
        tags,
        summary: `Add a ${schemas.label}`,
        body: create,
        response: { 201: schemas.view, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await resource.create(signedInUser(request), request.body as TCreate)),
  );
  routes.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a ${schemas.label}`,
        params: adminIdParams,
        response: { 204: z.null(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      await resource.remove(signedInUser(request), idOf(request));
      return reply.status(204).send();
    },
  );
}
