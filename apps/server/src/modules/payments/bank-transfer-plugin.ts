import { BANK_TRANSFER_METHOD } from "@store/shared";
import type { OfflineProviderPlugin } from "./registry";

/** Paying by NEFT, RTGS or IMPS into the seller's account (decision 098): recorded by the seller, no widget. */
export const bankTransferPlugin: OfflineProviderPlugin = {
  kind: "offline",
  name: BANK_TRANSFER_METHOD,
  title: "Bank transfer",
  offer: {
    label: "Bank transfer (NEFT, RTGS, IMPS)",
    detail: "Pay into our account quoting the order's reference; your pieces are held until the date shown.",
    currencies: ["INR"],
  },
};
