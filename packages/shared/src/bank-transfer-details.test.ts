import { describe, expect, it } from "vitest";
import { bankAccountRows, payByDate, transferAsk, transferSums } from "./bank-transfer-details";
import type { OrderBankTransfer } from "./schemas/bank-transfer";

const transfer: OrderBankTransfer = {
  account_name: "Jaipur Prints LLP",
  bank_name: "State Bank of India",
  account_number: "30123456789",
  ifsc: "SBIN0001234",
  branch: "MI Road, Jaipur",
  upi_id: null,
  reference: "BT000042",
  amount: 4200,
  paid: 1000,
  balance_due: 3200,
  owed_back: 0,
  // 20:00 UTC on 13 December is already 14 December in India.
  pay_by: "2026-12-13T20:00:00.000Z",
  transfers: [],
};

describe("a bank-transfer order's details in words", () => {
  it("asks for the balance with the reference, by the day in the order's zone", () => {
    expect(transferAsk(transfer, "INR", "Asia/Kolkata")).toBe(
      "Send ₹3,200 by NEFT, RTGS or IMPS quoting BT000042 by 14 December 2026.",
    );
    expect(payByDate(transfer.pay_by!, "Europe/London")).toBe("13 December 2026");
  });

  it("asks nothing once paid, and drops the day when there is none", () => {
    expect(transferAsk({ ...transfer, balance_due: 0 }, "INR")).toBeNull();
    expect(transferAsk({ ...transfer, pay_by: null }, "INR")).toBe(
      "Send ₹3,200 by NEFT, RTGS or IMPS quoting BT000042.",
    );
  });

  it("lists the UPI ID only when the seller gave one, and money owed back only when there is some", () => {
    expect(bankAccountRows(transfer).map(([label]) => label)).toEqual([
      "Account name",
      "Bank",
      "Account number",
      "IFSC",
      "Branch",
      "Reference to quote",
    ]);
    expect(bankAccountRows({ ...transfer, upi_id: "jkh@sbi" })).toContainEqual(["UPI ID", "jkh@sbi"]);
    expect(transferSums(transfer, "INR", "Owed back").map((s) => s.key)).toEqual(["amount", "paid", "balance"]);
    expect(transferSums({ ...transfer, owed_back: 50 }, "INR", "Owed back").at(-1)).toEqual({
      key: "owed",
      label: "Owed back",
      value: "₹50",
    });
  });
});
