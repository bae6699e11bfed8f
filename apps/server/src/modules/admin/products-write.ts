import type { AdminProduct, CatalogueSettings, ProductCreateInput, ProductPatchInput } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { duplicateField, notFound, onDuplicate } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";
import { loadAdminProduct } from "../catalog/admin-read";
import { createProduct, duplicateProduct, nextProductCode, updateProduct } from "../catalog/product-writes";
import { readCatalogueSettings, writeCatalogueSettings } from "../catalog/settings";
import { recordAudit } from "./audit";

export function createProductWriter(db: Db) {
  /** The catalogue's write, its audit row and the re-read in one transaction; a taken product code is a 409. */
  function audited(
    actor: SessionUser,
    productCode: number | undefined,
    work: (tx: Tx) => Promise<{ id: number; before: AdminProduct | null }>,
  ) {
    return onDuplicate(
      () =>
        db.transaction(async (tx) => {
          const { id, before } = await work(tx);
          const after = await loadAdminProduct(tx, id);
          if (!after) throw notFound("Product");
          await recordAudit(tx, actor, {
            action: before ? "update" : "create",
            entity: "product",
            entityId: id,
            before,
            after,
          });
          return after;
        }),
      () =>
        duplicateField(
          "product_code",
          productCode === undefined
            ? "Another product took the next code at the same moment; please try again."
            : `A product with code ${productCode} already exists.`,
        ),
    );
  }

  return {
    /** `POST /api/admin/products`: the add-item form, plus optional extra sizes. */
    create: (actor: SessionUser, input: ProductCreateInput): Promise<AdminProduct> =>
      audited(actor, input.product_code, async (tx) => ({ id: await createProduct(tx, input), before: null })),

    /** `PATCH /api/admin/products/:id`: any subset of the fields; sizes are added or changed, never dropped. */
    update: (actor: SessionUser, id: number, patch: ProductPatchInput): Promise<AdminProduct> =>
      audited(actor, patch.product_code, async (tx) => ({ id, before: await updateProduct(tx, id, patch) })),

    /** `POST /api/admin/products/:id/duplicate`: a new inactive draft with the next free code, stock 0. */
    duplicate: (actor: SessionUser, id: number): Promise<AdminProduct> =>
      audited(actor, undefined, async (tx) => ({ id: await duplicateProduct(tx, id), before: null })),

    /** `GET /api/admin/products/next-code`: the code the add form suggests. */
    nextCode: async (): Promise<{ product_code: number }> => ({ product_code: await nextProductCode(db) }),

    /** `GET /api/admin/catalogue-settings`. */
    settings: (): Promise<CatalogueSettings> => readCatalogueSettings(db),

    /** `PATCH /api/admin/catalogue-settings`: stored with its audit row (none when nothing changed). */
    saveSettings: (actor: SessionUser, settings: CatalogueSettings): Promise<CatalogueSettings> =>
      db.transaction(async (tx) => {
        const before = await readCatalogueSettings(tx);
        await writeCatalogueSettings(tx, settings);
        const after = await readCatalogueSettings(tx);
        await recordAudit(tx, actor, {
          action: "update",
          entity: "catalogue_settings",
          entityId: "shop",
          before,
          after,
        });
        return after;
      }),
  };
}
