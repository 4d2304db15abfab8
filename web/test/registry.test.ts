import { describe, expect, it } from "vitest";
import { CATALOG } from "../src/catalog";
import { hasScreens, loadScreens, screenIds } from "../src/games/registry";

describe("game screen registry", () => {
  it("finds every game folder with an index.ts, and nothing else", () => {
    const folders = Object.keys(import.meta.glob("../src/games/*/index.ts"))
      .map((p) => p.split("/")[3]!)
      .sort();
    expect(folders).toContain("holdings");
    expect(screenIds()).toEqual(folders);
  });

  it("loads a game's Player and Tv screens", async () => {
    expect(hasScreens("holdings")).toBe(true);
    const s = await loadScreens("holdings");
    expect(typeof s.Player).toBe("function");
    expect(typeof s.Tv).toBe("function");
    // The first load transforms the game's whole chunk, which on a busy machine takes longer than vitest's 5 s default.
  }, 30_000);

  it("refuses a game without screens", async () => {
    expect(hasScreens("no-such-game")).toBe(false);
    await expect(loadScreens("no-such-game")).rejects.toThrow(/no screens for the game no-such-game/);
  });

  it("has a picture in the catalog for every game with screens, and none for a game without", () => {
    // contentFor draws a lighthouse for a game missing here: the home page would show it silently.
    expect(Object.keys(CATALOG).sort()).toEqual(screenIds());
  });
});
