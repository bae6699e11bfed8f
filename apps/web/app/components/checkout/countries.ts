import { INDIAN_STATES } from "@store/shared";

/**
 * ISO 3166-1 alpha-2 codes of the countries and territories a parcel can go to (uninhabited ones left out);
 * their names come from the browser's own Intl.DisplayNames, so no table of names is shipped.
 */
const CODES =
  "AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM " +
  "FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
  "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN " +
  "MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS " +
  "PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK " +
  "TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

export const INDIA = "IN";

/** Whether the form offers this country (a detected one may be a territory no parcel goes to). */
export const isDeliveryCountry = (code: string) => /^[A-Z]{2}$/.test(code) && CODES.includes(code);

export type Choice = { value: string; label: string };

/** India first (most orders go there), then every other country by its English name. */
export function countryChoices(locale = "en"): Choice[] {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  const others = CODES.split(" ")
    .filter((code) => code !== INDIA)
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  return [{ value: INDIA, label: names.of(INDIA) ?? "India" }, ...others];
}

/** The states and union territories as the GST list names them (the server matches the name). */
export const STATE_CHOICES: Choice[] = [
  { value: "", label: "Choose your state" },
  ...[...INDIAN_STATES].sort((a, b) => a.name.localeCompare(b.name)).map((s) => ({ value: s.name, label: s.name })),
];
