import type { SizeScheme, SizeSchemesResponse, SizeSchemeWrite } from "@store/shared";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";
import { listSizeSchemes, saveSizeScheme } from "../catalog/size-schemes";
import { recordAudit } from "./audit";

/** The seller's size schemes and charts (issue 40): each write and its audit row commit together. */
export function createSizeSchemesAdmin(db: Db) {
  async function one(id: number): Promise<SizeScheme> {
    const scheme = (await listSizeSchemes(db)).data.find((s) => s.id === id);
    if (!scheme) throw notFound("Size scheme");
    return scheme;
  }
  return {
    list: (): Promise<SizeSchemesResponse> => listSizeSchemes(db),
    save: async (actor: SessionUser, input: SizeSchemeWrite, id?: number): Promise<SizeScheme> => {
      const before = id === undefined ? null : await one(id);
      const savedId = await db.transaction(async (tx) => {
        const schemeId = await saveSizeScheme(tx, input, id);
        await recordAudit(tx, actor, {
          action: id === undefined ? "create" : "update",
          entity: "size_scheme",
          entityId: schemeId,
          before,
          after: input,
        });
        return schemeId;
      });
      return one(savedId);
    },
  };
}
