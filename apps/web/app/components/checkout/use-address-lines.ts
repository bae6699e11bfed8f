import { homeAddressLines, isHomeAddress, type PostalAddress } from "@store/shared";
import { countryName } from "@store/shared/country-name";
import { useEffect, useState } from "react";

/**
 * `addressLines` for the shopper's order page, which loads the address formats of other countries
 * only for an address abroad (decision 112). Until they come, the place is written as at home, then the
 * country's name: the same lines, mostly, so the card hardly moves when they arrive.
 */
export function useAddressLines(address: PostalAddress): string[] {
  const home = isHomeAddress(address);
  const key = JSON.stringify(address);
  const [abroad, setAbroad] = useState<{ key: string; lines: string[] } | null>(null);
  useEffect(() => {
    if (home) return;
    let live = true;
    void import("@store/shared/address-lines").then(({ addressLines }) => {
      if (live) setAbroad({ key, lines: addressLines(JSON.parse(key) as PostalAddress) });
    });
    return () => {
      live = false;
    };
  }, [home, key]);
  if (home) return homeAddressLines(address);
  if (abroad?.key === key) return abroad.lines;
  const code = address.country.trim().toUpperCase();
  return [...homeAddressLines(address), countryName(code) ?? code];
}
