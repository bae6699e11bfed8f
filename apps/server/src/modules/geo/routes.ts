import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deliveryPromiseQuerySchema,
  deliveryPromiseSchema,
  errorBodySchema,
  geoResponseSchema,
  PIN_CODE_SHAPE_TEXT,
  pincodeParamsSchema,
  pincodeResponseSchema,
  unknownPinText,
} from "@store/shared";
import { AppError } from "../../errors";
import { invalidField } from "../../lib/failures";
import { cdnCountryOf } from "./currency-decision";
import { UNKNOWN_PIN } from "./delivery-promise";

const unknownPin = (pin: string) =>
  new AppError("not_found", unknownPinText(pin), "PINCODE_UNKNOWN", [{ path: "pin", message: unknownPinText(pin) }]);

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorBodySchema, 404: errorBodySchema };

  app.get(
    "/api/geo/",
    {
      schema: {
        tags: ["geo"],
        summary: "The client's country (ISO code) from its IP, or null",
        response: { 200: geoResponseSchema },
      },
    },
    async (request, reply) => {
      const cdnCountry = cdnCountryOf(request.headers, app.config.cdnCountryHeader);
      // The answer depends on who asks: shared caches must not hand one shopper's country to another.
      reply.header("cache-control", "private, no-store");
      return { country_code: await app.services.geo.countryFor({ ip: request.ip, cdnCountry }) };
    },
  );

  app.get(
    "/api/pincodes/:pin",
    {
      schema: {
        tags: ["geo"],
        summary:
          "An Indian PIN code's city, district, state (with its GST code) and its post offices' places, from India Post's directory",
        params: pincodeParamsSchema,
        response: { 200: pincodeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const place = await app.services.delivery.place(request.params.pin);
      if (!place) throw unknownPin(request.params.pin);
      // The directory changes only with a release: anyone may keep the answer for a day.
      reply.header("cache-control", "public, max-age=86400");
      return {
        pin: place.pin,
        city: place.city,
        district: place.district,
        state: place.state,
        state_code: place.state_code,
        places: place.places,
      };
    },
  );

  app.get(
    "/api/delivery-promise/",
    {
      schema: {
        tags: ["geo"],
        summary: "When an order would arrive at a PIN code, and whether cash on delivery is available there",
        querystring: deliveryPromiseQuerySchema,
        response: { 200: deliveryPromiseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { pin, country, currency } = request.query;
      if (country === "IN" && !/^[1-9]\d{5}$/.test(pin)) throw invalidField("pin", PIN_CODE_SHAPE_TEXT);
      const promise = await app.services.delivery.promise({ pin, country, cod: currency === "INR", now: new Date() });
      if (promise === UNKNOWN_PIN) throw unknownPin(pin);
      // Dates move at midnight and the courier's answer is cached anyway: a few minutes is safe to share.
      reply.header("cache-control", "public, max-age=300");
      return promise;
    },
  );
};
