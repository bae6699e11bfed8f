import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type {
  TradeApplication,
  TradeApplyRequest,
  TradeGroup,
  TradeGroupInput,
  TradeOverview,
  TradePriceInput,
  TradeProductRule,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError, refusal } from "../../errors";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";
import { queueApprovedEmail, queueDeclinedEmail } from "./emails";
import { tradeApplications, tradeGroups, tradePrices, tradeProductRules } from "./tables";

/** Trade applications, groups, price lists and quantity rules (decision 097); the back office audits the writes. */

const applicationColumns = {
  id: tradeApplications.id,
  userId: tradeApplications.userId,
  email: users.email,
  gstin: tradeApplications.gstin,
  businessName: tradeApplications.businessName,
  buys: tradeApplications.buys,
  monthlyVolumeRupees: tradeApplications.monthlyVolumeRupees,
  status: tradeApplications.status,
  groupId: tradeApplications.groupId,
  groupName: tradeGroups.name,
  declineReason: tradeApplications.declineReason,
  revokeReason: tradeApplications.revokeReason,
  decidedAt: tradeApplications.decidedAt,
  createdAt: tradeApplications.createdAt,
};

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationsQuery>["execute"]>>[number];

const applicationView = (r: ApplicationRow): TradeApplication => ({
  id: r.id,
  user_id: r.userId,
  email: r.email,
  gstin: r.gstin,
  business_name: r.businessName,
  buys: r.buys,
  monthly_volume_rupees: r.monthlyVolumeRupees,
  status: r.status as TradeApplication["status"],
  group_id: r.groupId,
  group_name: r.groupName,
  decline_reason: r.declineReason,
  revoke_reason: r.revokeReason,
  decided_at: r.decidedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

function applicationsQuery(db: Db) {
  return db
    .select(applicationColumns)
    .from(tradeApplications)
    .innerJoin(users, eq(users.id, tradeApplications.userId))
    .leftJoin(tradeGroups, eq(tradeGroups.id, tradeApplications.groupId));
}

const notFound = (what: string) => new AppError("not_found", `${what} not found`, "NOT_FOUND");

async function applicationById(db: Db, id: number): Promise<TradeApplication> {
  const [row] = await applicationsQuery(db).where(eq(tradeApplications.id, id));
  if (!row) throw notFound("Trade application");
  return applicationView(row);
}

/** The account's latest application, or null. */
export async function tradeStatus(db: Db, userId: number): Promise<TradeApplication | null> {
  const [row] = await applicationsQuery(db)
    .where(eq(tradeApplications.userId, userId))
    .orderBy(desc(tradeApplications.createdAt), desc(tradeApplications.id))
    .limit(1);
  return row ? applicationView(row) : null;
}

/** A signed-in account applies; one open or approved application at a time (409 otherwise). */
export async function applyForTrade(db: Db, userId: number, input: TradeApplyRequest): Promise<TradeApplication> {
  const [row] = await db
    .insert(tradeApplications)
    .values({
      userId,
      gstin: input.gstin,
      businessName: input.business_name,
      buys: input.buys,
      monthlyVolumeRupees: input.monthly_volume_rupees,
    })
    .onConflictDoNothing()
    .returning({ id: tradeApplications.id });
  if (!row) {
    const live = await tradeStatus(db, userId);
    throw refusal(
      "conflict",
      "TRADE_APPLICATION_OPEN",
      live?.status === "approved"
        ? "Your trade account is already approved."
        : live?.status === "revoked"
          ? "Your trade account is suspended: please write to us to have it reinstated."
          : "Your trade application is being reviewed: we will e-mail you when it is decided.",
    );
  }
  return applicationById(db, row.id);
}

/** The application, locked, if it is in `status`; a 404 or a 409 naming the state it is in otherwise. */
export async function applicationIn(tx: Tx, id: number, status: TradeApplication["status"], code: string) {
  const [row] = await tx.select().from(tradeApplications).where(eq(tradeApplications.id, id)).for("update");
  if (!row) throw notFound("Trade application");
  if (row.status !== status) throw refusal("conflict", code, `This application is ${row.status}, not ${status}.`);
  return row;
}
const openApplication = (tx: Tx, id: number) => applicationIn(tx, id, "open", "TRADE_APPLICATION_DECIDED");

export async function assertGroup(tx: Tx, groupId: number): Promise<void> {
  const [group] = await tx.select({ id: tradeGroups.id }).from(tradeGroups).where(eq(tradeGroups.id, groupId));
  if (!group) throw refusal("unprocessable", "TRADE_GROUP_NOT_FOUND", "Choose one of your trade groups.");
}

/** Approves an open application into a group and e-mails the business, in the caller's transaction. */
export async function approveApplication(tx: Tx, id: number, groupId: number) {
  const before = await applicationById(tx, (await openApplication(tx, id)).id);
  await assertGroup(tx, groupId);
  await tx
    .update(tradeApplications)
    .set({ status: "approved", groupId, decidedAt: sql`now()` })
    .where(eq(tradeApplications.id, id));
  const after = await applicationById(tx, id);
  await queueApprovedEmail(tx, after);
  return { before, after };
}

/** Declines an open application with the reason the business is e-mailed. */
export async function declineApplication(tx: Tx, id: number, reason: string) {
  const before = await applicationById(tx, (await openApplication(tx, id)).id);
  await tx
    .update(tradeApplications)
    .set({ status: "declined", declineReason: reason, decidedAt: sql`now()` })
    .where(eq(tradeApplications.id, id));
  const after = await applicationById(tx, id);
  await queueDeclinedEmail(tx, after);
  return { before, after };
}

async function groupsView(db: Db): Promise<TradeGroup[]> {
  const groups = await db
    .select({
      id: tradeGroups.id,
      name: tradeGroups.name,
      percentOff: tradeGroups.percentOff,
      members: sql<number>`(select count(*)::int from ${tradeApplications}
        where ${tradeApplications.groupId} = ${tradeGroups.id} and ${tradeApplications.status} = 'approved')`,
    })
    .from(tradeGroups)
    .orderBy(asc(tradeGroups.name));
  const prices = await db
    .select({
      groupId: tradePrices.groupId,
      productId: tradePrices.productId,
      productName: products.name,
      size: tradePrices.size,
      pricePaise: tradePrices.pricePaise,
    })
    .from(tradePrices)
    .innerJoin(products, eq(products.id, tradePrices.productId))
    .orderBy(asc(products.name), asc(tradePrices.size));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    percent_off: g.percentOff,
    members: g.members,
    prices: prices
      .filter((p) => p.groupId === g.id)
      .map((p) => ({ product_id: p.productId, product_name: p.productName, size: p.size, price_paise: p.pricePaise })),
  }));
}

export async function tradeGroup(db: Db, id: number): Promise<TradeGroup> {
  const group = (await groupsView(db)).find((g) => g.id === id);
  if (!group) throw notFound("Trade group");
  return group;
}

/** The back office's page: open applications first, then the decided ones; groups; product rules. */
export async function tradeOverview(db: Db): Promise<TradeOverview> {
  const applications = await applicationsQuery(db)
    .orderBy(sql`${tradeApplications.status} = 'open' desc`, desc(tradeApplications.createdAt))
    .limit(200);
  const rules = await db
    .select({
      productId: tradeProductRules.productId,
      productName: products.name,
      minQuantity: tradeProductRules.minQuantity,
      casePack: tradeProductRules.casePack,
    })
    .from(tradeProductRules)
    .innerJoin(products, eq(products.id, tradeProductRules.productId))
    .orderBy(asc(products.name));
  return {
    applications: applications.map(applicationView),
    groups: await groupsView(db),
    rules: rules.map((r) => ({
      product_id: r.productId,
      product_name: r.productName,
      min_quantity: r.minQuantity,
      case_pack: r.casePack,
    })),
  };
}

const nameTaken = () => refusal("conflict", "TRADE_GROUP_NAME_TAKEN", "A trade group of that name exists already.");

export async function createGroup(tx: Tx, input: TradeGroupInput): Promise<TradeGroup> {
  const [row] = await tx
    .insert(tradeGroups)
    .values({ name: input.name, percentOff: input.percent_off })
    .onConflictDoNothing()
    .returning({ id: tradeGroups.id });
  if (!row) throw nameTaken();
  return tradeGroup(tx, row.id);
}

export async function updateGroup(tx: Tx, id: number, input: TradeGroupInput) {
  const before = await tradeGroup(tx, id);
  const [clash] = await tx
    .select({ id: tradeGroups.id })
    .from(tradeGroups)
    .where(and(sql`lower(${tradeGroups.name}) = lower(${input.name})`, sql`${tradeGroups.id} <> ${id}`));
  if (clash) throw nameTaken();
  await tx
    .update(tradeGroups)
    .set({ name: input.name, percentOff: input.percent_off, updatedAt: sql`now()` })
    .where(eq(tradeGroups.id, id));
  return { before, after: await tradeGroup(tx, id) };
}

/** A group with approved buyers stays (they would lose their prices); an empty one goes with its price list. */
export async function deleteGroup(tx: Tx, id: number): Promise<TradeGroup> {
  const before = await tradeGroup(tx, id);
  const [used] = await tx.select({ n: count() }).from(tradeApplications).where(eq(tradeApplications.groupId, id));
  if ((used?.n ?? 0) > 0)
    throw refusal(
      "conflict",
      "TRADE_GROUP_IN_USE",
      "Buyers are approved into this group: move them before deleting it.",
    );
  await tx.delete(tradeGroups).where(eq(tradeGroups.id, id));
  return before;
}

async function assertProductSize(tx: Tx, productId: number, size: string): Promise<void> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw refusal("unprocessable", "PRODUCT_NOT_FOUND", `There is no product ${productId}.`);
  if (size === "") return;
  const [variant] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  if (!variant) throw refusal("unprocessable", "SIZE_NOT_FOUND", `Product ${productId} has no size ${size}.`);
}

/** Sets one fixed price of a group's list (size "": every size without its own). */
export async function setGroupPrice(tx: Tx, groupId: number, input: TradePriceInput) {
  const before = await tradeGroup(tx, groupId);
  await assertProductSize(tx, input.product_id, input.size);
  await tx
    .insert(tradePrices)
    .values({ groupId, productId: input.product_id, size: input.size, pricePaise: input.price_paise })
    .onConflictDoUpdate({
      target: [tradePrices.groupId, tradePrices.productId, tradePrices.size],
      set: { pricePaise: input.price_paise },
    });
  return { before, after: await tradeGroup(tx, groupId) };
}

export async function removeGroupPrice(tx: Tx, groupId: number, key: { product_id: number; size: string }) {
  const before = await tradeGroup(tx, groupId);
  const gone = await tx
    .delete(tradePrices)
    .where(
      and(eq(tradePrices.groupId, groupId), eq(tradePrices.productId, key.product_id), eq(tradePrices.size, key.size)),
    )
    .returning({ id: tradePrices.id });
  if (gone.length === 0) throw notFound("Trade price");
  return { before, after: await tradeGroup(tx, groupId) };
}

/** A product's minimum order and case pack for trade buyers; 1 and 1 removes the rule. */
export async function setProductRule(tx: Tx, input: TradeProductRule) {
  await assertProductSize(tx, input.product_id, "");
  const [before] = await tx.select().from(tradeProductRules).where(eq(tradeProductRules.productId, input.product_id));
  if (input.min_quantity === 1 && input.case_pack === 1)
    await tx.delete(tradeProductRules).where(eq(tradeProductRules.productId, input.product_id));
  else
    await tx
      .insert(tradeProductRules)
      .values({ productId: input.product_id, minQuantity: input.min_quantity, casePack: input.case_pack })
      .onConflictDoUpdate({
        target: tradeProductRules.productId,
        set: { minQuantity: input.min_quantity, casePack: input.case_pack },
      });
  const snapshot = (r?: { minQuantity: number; casePack: number }) =>
    r ? { min_quantity: r.minQuantity, case_pack: r.casePack } : null;
  return {
    before: snapshot(before),
    after:
      input.min_quantity === 1 && input.case_pack === 1
        ? null
        : snapshot({ minQuantity: input.min_quantity, casePack: input.case_pack }),
  };
}

export { applicationById };
