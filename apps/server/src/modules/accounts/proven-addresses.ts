import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { emailContact } from "./notification-preferences";
import { provenAddresses, users } from "./tables";

/**
 * The order `email` placed was paid or confirmed: the address has proved itself (the first time is kept).
 * The insert, unsent: the confirmation sends it with its other writes in one statement.
 */
export function provenAddressWrite(tx: Tx, email: string) {
  return tx
    .insert(provenAddresses)
    .values({ email: emailContact(email) })
    .onConflictDoNothing();
}

/**
 * For a query: true where `address` (an SQL expression, any case) completed an order, or is a verified
 * account's. A stranger can type anyone's address at checkout; only these have shown they reach someone who
 * buys here.
 */
export function isProvenAddress(address: SQL): SQL {
  // `in`, not a correlated `exists`: `address` may name the caller's own `users` columns, and is read outside.
  return sql`(lower(${address}) in (select ${provenAddresses.email} from ${provenAddresses})
    or lower(${address}) in (select lower(${users.email}) from ${users} where ${users.emailVerifiedAt} is not null))`;
}
