import type { Shopper } from "./model";

/** Who a simulated shopper is at checkout: the same person in both runs and in the prior history. */
export interface Identity {
  email: string;
  name: string;
  phone: string;
  /** The street as typed at checkout; without a house number for a shopper the model gave a bad address. */
  street: string;
  /** The same street with a house number, as the shopper corrects it when asked. */
  correctedStreet: string;
}

const FIRST = ["Asha", "Ravi", "Meena", "Imran", "Priya", "Karan", "Sunita", "Arjun", "Fatima", "Deepak"];
const LAST = ["Sharma", "Meena", "Khan", "Iyer", "Das", "Singh", "Patel", "Rao", "Gupta", "Joshi"];

export function identityOf(shopper: Shopper): Identity {
  const i = shopper.index;
  const landmark = `near Hanuman Mandir, Ward ${String.fromCharCode(65 + (i % 20))} Colony`;
  const numbered = `House ${10 + (i % 90)}, Lane ${1 + (i % 9)}, ${landmark}`;
  return {
    email: `shopper-${i}@rto-sim.example.in`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    phone: `98${String(29_000_000 + i).padStart(8, "0")}`,
    street: shopper.badAddress ? landmark.replace(/^near/, "Near") : numbered,
    correctedStreet: numbered,
  };
}
