import type { PincodeResponse } from "@store/shared";
import { useState } from "react";
import { cityQuestion, keptCity } from "./delivery-form";

/**
 * The question about a typed city its PIN code does not name (decision 061), for the checkout and the back
 * office's address correction: asked once the directory answered for the PIN code (`place`), until the city
 * changes to one it names or the shopper keeps theirs for that PIN code (`confirmed`, sent to the server).
 */
export function useCityQuestion(place: PincodeResponse | null, city: string) {
  const [kept, setKept] = useState<string | null>(null);
  return {
    question: place ? cityQuestion({ city }, place, kept) : null,
    confirmed: place !== null && kept === keptCity(place.pin, city),
    keep: () => {
      if (place) setKept(keptCity(place.pin, city));
    },
  };
}
