import { phoneProblem } from "./phone-check";

/**
 * Why an Indian delivery address may not be deliverable (issue 43, point 5; decision 092). Each is a reason to
 * ask the shopper before the parcel is booked, never a refusal: a house with a name and no number exists.
 */
export const ADDRESS_PROBLEMS = ["no_house_number", "cod_not_served", "phone_format"] as const;
export type AddressProblem = (typeof ADDRESS_PROBLEMS)[number];

export const ADDRESS_PROBLEM_LABELS: Record<AddressProblem, string> = {
  no_house_number: "No house, flat or building number in the street address",
  cod_not_served: "The courier does not collect cash on delivery at this PIN code",
  phone_format: "The phone is not an Indian mobile number the courier can call",
};

/**
 * Whether the street lines carry a house, flat, plot or building number: any digit once PIN codes (six digits)
 * and phone numbers (ten or more) are taken out, so "Flat 4B", "B-12", "12/3" and "H.No. 7" count.
 */
export function hasHouseNumber(street: string): boolean {
  const withoutPinsAndPhones = street.replace(/(?<!\d)(\d{6}|\+?\d[\d\s-]{9,})(?!\d)/g, " ");
  return /\d/.test(withoutPinsAndPhones);
}

/**
 * A phone an Indian courier can call and text: a valid number that, for +91, is a mobile (ten digits starting
 * 6 to 9, the National Numbering Plan's mobile series); landlines get no courier's SMS.
 */
export function phoneFitsCourier(countryCode: string, mobile: string): boolean {
  if (phoneProblem(countryCode, mobile, "IN")) return false;
  const digits = mobile.replace(/\D/g, "");
  const international = mobile.trim().startsWith("+") || mobile.trim().startsWith("00");
  if (!international && countryCode.replace(/\D/g, "") !== "91") return true;
  if (international && !/^(00)?91/.test(digits)) return true;
  return /^[6-9]\d{9}$/.test(digits.slice(-10));
}

export interface AddressToCheck {
  delivery_country: string;
  delivery_address: string;
  country_code: string;
  mobile_number: string;
  payment_method: string;
  /** The courier's answer for the PIN code, where known (null: not asked, or it did not answer). */
  cod_served: boolean | null;
}

/** The problems of an address, in ADDRESS_PROBLEMS' order; none for an address abroad. */
export function addressProblems(address: AddressToCheck): AddressProblem[] {
  if (address.delivery_country !== "IN") return [];
  const problems: AddressProblem[] = [];
  if (!hasHouseNumber(address.delivery_address)) problems.push("no_house_number");
  if (address.payment_method === "cod" && address.cod_served === false) problems.push("cod_not_served");
  if (!phoneFitsCourier(address.country_code, address.mobile_number)) problems.push("phone_format");
  return problems;
}
