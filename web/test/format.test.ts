import { describe, expect, it } from "vitest";
import { coins, coinsLabel, contrast, initials, inkFor, keepNames, ordinal, PALETTE, plural, seatColor, seatShape } from "../src/format";
import { absolute, href, isTvRoute, parseRoute } from "../src/router";

describe("format", () => {
  it("keeps each name on one line: its words are joined by no-break spaces", () => {
    const names = ["Computer 3", "Ana", "Maximiliana  Featherstone"];
    expect(keepNames("Computer 3 paid 25 rent to Ana", names)).toBe("Computer\u00a03 paid 25 rent to Ana");
    expect(keepNames("Maximiliana  Featherstone's turn", names)).toBe("Maximiliana\u00a0Featherstone's turn");
    expect(keepNames("Computer 31 rolled", ["Computer 3", "Computer 31"])).toBe("Computer\u00a031 rolled");
    expect(keepNames("nobody here", names)).toBe("nobody here");
  });

  it("formats Coins with thousands separators", () => {
    expect(coins(1500)).toBe("1,500");
    expect(coins(-70)).toBe("-70");
    expect(coinsLabel(200)).toBe("200 Coins");
  });

  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [102, "102nd"],
  ])("ordinal(%i) = %s", (n, want) => expect(ordinal(n)).toBe(want));

  it("gives every seat a named color and a shape", () => {
    expect(seatColor(0).name).toBe("Red");
    expect(seatColor(9).name).toBe(seatColor(1).name);
    expect(seatColor(2, "purple").name).toBe("Purple");
    expect(seatColor(3, "#ffffff")).toMatchObject({ fill: "#ffffff", ink: "#1b1b1b" });
    expect(seatColor(3, "#000")).toMatchObject({ ink: "#fff" });
    expect(seatColor(1, "azure").name).toBe("Azure");
    expect(new Set([0, 1, 2, 3, 4, 5].map(seatShape)).size).toBe(6);
    expect(inkFor("#f2b705")).toBe("#1b1b1b");
  });

  it.each(PALETTE.map((c) => [c.name, c]))("writes on %s seat buttons with at least 4.5:1 contrast", (_, c) => {
    expect(contrast(c.fill, c.ink)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.fill, inkFor(c.fill))).toBeGreaterThanOrEqual(4.5);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(inkFor("#e0569b")).toBe("#1b1b1b"); // a pink: white on it would be 3.5:1
  });

  it("makes initials and plurals", () => {
    expect(initials("Ana Lopez")).toBe("AL");
    expect(initials("  bo ")).toBe("B");
    expect(initials("")).toBe("?");
    expect(plural(1, "turn")).toBe("1 turn");
    expect(plural(2, "property", "properties")).toBe("2 properties");
  });
});

describe("router", () => {
  it.each([
    ["/", "", { name: "home" }],
    ["/t/abc", "", { name: "table", id: "abc" }],
    ["/join/K7Q2", "", { name: "join", invite: "K7Q2" }],
    ["/tv/TV%201", "", { name: "tv", code: "TV 1" }],
    ["/", "#/t/abc", { name: "table", id: "abc" }],
    ["/", "#/", { name: "home" }],
    ["/t", "", { name: "home" }],
  ])("parses %s%s", (path, hash, want) => expect(parseRoute(path, hash)).toEqual(want));

  it("round-trips links", () => {
    for (const r of [
      { name: "table", id: "a b" },
      { name: "join", invite: "Q1" },
      { name: "tv", code: "T" },
    ] as const) {
      expect(parseRoute(href(r), "")).toEqual(r);
    }
    expect(absolute({ name: "join", invite: "Q1" }, "http://x:1")).toBe("http://x:1/join/Q1");
  });

  it.each([
    ["/tv", true],
    ["/tv/AB12", true],
    ["/tv/AB12/replay", true],
    ["/t/abc", false],
    ["/t/abc/replay", false],
    ["/replay", false],
    ["/", false],
  ])("gives %s the TV's look: %s", (path, tv) => expect(isTvRoute(parseRoute(path, ""))).toBe(tv));
});
