import { describe, expect, it } from "vitest";
import { matchesIfNoneMatch, preferredCoding } from "./cached-json";

describe("preferredCoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["BR, GZIP", "br"],
    ["gzip;q=0.8, br;q=0.8", "br"],
    ["br;q=0, gzip;q=0", undefined],
    ["deflate", undefined],
    ["identity", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%j -> %s", (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe("matchesIfNoneMatch", () => {
  const etag = '"abc-gzip"';
  it.each([
    ['"abc-gzip"', true],
    ['W/"abc-gzip"', true],
    ['"x", "abc-gzip"', true],
    ["*", true],
    ['"abc"', false],
    ['"abc-br"', false],
    [undefined, false],
  ])("%j -> %s", (header, matches) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(matches);
  });
});
