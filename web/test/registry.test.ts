import { describe, expect, it } from "vitest";
import { hasScreens, loadScreens, screenIds } from "../src/games/registry";

describe("game screen registry", () => {
  it("finds every game folder with an index.ts, and nothing else", () => {
    // Every file one folder down, not only index.ts: the folders are found here independently of the registry's own pattern.
    const files = Object.keys(import.meta.glob("../src/games/*/*"));
    const folders = [...new Set(files.filter((f) => f.endsWith("/index.ts")).map((f) => f.split("/")[3]!))].sort();
    expect(folders).toContain("holdings");
    expect(screenIds()).toEqual(folders);
  });

  it("loads a game's Player and Tv screens", async () => {
    expect(hasScreens("holdings")).toBe(true);
    const s = await loadScreens("holdings");
    expect(typeof s.Player).toBe("function");
    expect(typeof s.Tv).toBe("function");
  });

  it("refuses a game without screens", async () => {
    expect(hasScreens("no-such-game")).toBe(false);
    await expect(loadScreens("no-such-game")).rejects.toThrow(/no screens for the game no-such-game/);
  });
});
