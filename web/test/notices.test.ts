import { describe, expect, it } from "vitest";
import { keyBytes, minutesOf, timeOf } from "../src/notices/client";
import { href, parseRoute } from "../src/router";

describe("notices", () => {
  it("routes the notices page and a link code", () => {
    expect(parseRoute("/notices", "")).toEqual({ name: "notices" });
    expect(parseRoute("/link/K7Q2MX8P", "")).toEqual({ name: "link", code: "K7Q2MX8P" });
    expect(href({ name: "link", code: "K7Q2MX8P" })).toBe("/link/K7Q2MX8P");
    expect(href({ name: "notices" })).toBe("/notices");
  });

  it("decodes a base64url key to its bytes", () => {
    // 0xfb 0xff 0xfe needs both URL-safe characters.
    expect(Array.from(keyBytes("-__-"))).toEqual([0xfb, 0xff, 0xfe]);
    expect(keyBytes("BAAA").length).toBe(3);
    expect(Array.from(keyBytes("AQ"))).toEqual([1]);
  });

  it("turns quiet hours into minutes and back", () => {
    expect(minutesOf("22:30")).toBe(1350);
    expect(minutesOf("07:05")).toBe(425);
    expect(timeOf(1350)).toBe("22:30");
    expect(timeOf(0)).toBe("00:00");
  });
});
