import { describe, expect, it } from "vitest";
import { normaliseCountry } from "./country-db";
import { publicAddress } from "./ip-ranges";

describe("publicAddress", () => {
  it("keeps public IPv4 and IPv6 addresses and unwraps IPv4-mapped IPv6", () => {
    expect(publicAddress("49.44.64.1")).toBe("49.44.64.1");
    expect(publicAddress("::FFFF:49.44.64.1")).toBe("49.44.64.1");
    expect(publicAddress("2001:4860:4860::8888")).toBe("2001:4860:4860::8888");
  });

  it("drops loopback, private, link-local, CGNAT, documentation and multicast ranges", () => {
    for (const ip of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.1.1",
      "100.64.0.1",
      "192.0.2.1",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "2001:db8::1",
      "::ffff:10.0.0.1",
    ]) {
      expect(publicAddress(ip), ip).toBeNull();
    }
    expect(publicAddress("172.32.0.1")).toBe("172.32.0.1");
  });

  it("rejects what is not an address", () => {
    expect(publicAddress(undefined)).toBeNull();
    expect(publicAddress("")).toBeNull();
    expect(publicAddress("localhost")).toBeNull();
  });
});

describe("normaliseCountry", () => {
  it("upper-cases two-letter codes and refuses unknown markers", () => {
    expect(normaliseCountry(" in ")).toBe("IN");
    expect(normaliseCountry("XX")).toBeNull();
    expect(normaliseCountry("IND")).toBeNull();
    expect(normaliseCountry(undefined)).toBeNull();
  });
});
