/** The few log calls services make (Fastify's pino logger fits; so does a silent one in tests). */
export interface ServiceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: ServiceLog = { info: () => {}, warn: () => {}, error: () => {} };
