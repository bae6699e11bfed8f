/**
 * Whether a typed city belongs to a PIN code (issue 38): the checkout and the back office's address correction
 * ask about a city that names none of the PIN code's district, town or post offices, rather than printing it
 * on the invoice and the courier's label. The browser asks first; the server asks again (decision 061).
 */

/** What India Post's directory says of a PIN code (GET /api/pincodes/:pin). */
export interface PinPlace {
  pin: string;
  /** The town the checkout fills in (the district's name, "Delhi" or "New Delhi"). */
  city: string;
  district: string;
  state: string;
  /** Its post offices' places: localities and villages ("Sitapura Industrial Area", "Goner"). */
  places: readonly string[];
}

/**
 * Renamed cities: the name shoppers still write, and the one the directory uses. Both sides of a comparison
 * are read through it, so either spelling matches the other.
 */
const RENAMED: Record<string, string> = {
  bangalore: "bengaluru",
  bombay: "mumbai",
  madras: "chennai",
  calcutta: "kolkata",
  gurgaon: "gurugram",
  poona: "pune",
  mysore: "mysuru",
  baroda: "vadodara",
  trivandrum: "thiruvananthapuram",
  cochin: "kochi",
  mangalore: "mangaluru",
  belgaum: "belagavi",
  allahabad: "prayagraj",
  benares: "varanasi",
  banaras: "varanasi",
  simla: "shimla",
  pondicherry: "puducherry",
};

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => RENAMED[word] ?? word);

/** `part`'s words appear in `whole`, in order and side by side ("new delhi" in "new delhi gpo"). */
function runOf(part: readonly string[], whole: readonly string[]): boolean {
  if (part.join("").length < 3) return false;
  for (let start = 0; start + part.length <= whole.length; start++)
    if (part.every((word, i) => whole[start + i] === word)) return true;
  return false;
}

/**
 * The typed city names the PIN code's town, district or one of its places, or is named by one of them
 * ("Sitapura" for "Sitapura Industrial Area"; "Jaipur City" for Jaipur; "Gurgaon" for Gurugram). An empty
 * city is filled from the PIN code, so it fits too.
 */
export function cityFitsPlace(city: string, place: Pick<PinPlace, "city" | "district" | "places">): boolean {
  const typed = wordsOf(city);
  if (typed.length === 0) return true;
  return [place.city, place.district, ...place.places].some((name) => {
    const named = wordsOf(name);
    return runOf(typed, named) || runOf(named, typed);
  });
}

/** The question asked about a city that does not fit its PIN code, by the form and by the server alike. */
export function cityQuestionText(city: string, place: Pick<PinPlace, "pin" | "city" | "state">): string {
  return `PIN code ${place.pin} is in ${place.city}, ${place.state}: use ${place.city} as the city, or confirm "${city.trim()}".`;
}
