import { AppError, type AppErrorKind } from "../../errors";

/** An expected "no" from the checkout or the payment services; routes turn it into an AppError. */
export interface Refusal {
  kind: AppErrorKind;
  code: string;
  message: string;
}

export const refusal = (kind: AppErrorKind, code: string, message: string): Refusal => ({ kind, code, message });

/** Thrown inside a transaction to roll it back, then returned as a Refusal by whoever started it. */
export class RefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export async function refusable<T>(work: () => Promise<T>): Promise<T | { ok: false; refusal: Refusal }> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RefusedError) return { ok: false, refusal: err.refusal };
    throw err;
  }
}

/** For routes: a refusal as the error the error handler answers with. */
export const refused = (r: Refusal) => new AppError(r.kind, r.message, r.code);
