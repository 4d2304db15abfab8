import { describe, expect, it } from "vitest";
import { hasLegend, loadLegend } from "../src/components/IconLegend";
import { screenIds } from "../src/games/registry";
import { loadReference, topicById } from "../src/rules/reference";

/** Every game with screens: each has an icon legend. */
const GAMES = screenIds();

describe("the icon legends", () => {
  it.each(GAMES)("%s's reference has an icons topic that shows its legend", async (game) => {
    const ref = await loadReference(game);
    const topic = topicById(ref, "icons");
    expect(topic?.title).toBe("Icons and marks");
    expect(topic?.body.some((b) => typeof b === "object" && "legend" in b)).toBe(true);
    expect(hasLegend(game)).toBe(true);
  });

  it.each(GAMES)("%s's legend names each drawing once and says what it stands for", async (game) => {
    const legend = await loadLegend(game);
    expect(legend.length).toBeGreaterThanOrEqual(8);
    expect(new Set(legend.map((e) => e.name)).size).toBe(legend.length);
    for (const e of legend) {
      expect(e.icon).toBeTruthy();
      expect(e.name.trim()).not.toBe("");
      expect(e.words.length).toBeGreaterThan(10);
    }
  });

  it("draws every icon of The Great Harbor's screens", async () => {
    const names = (await loadLegend("greatharbor")).map((e) => e.name);
    for (const n of [
      "Planks",
      "Rope",
      "Metal",
      "Sails",
      "Wine",
      "Dyes",
      "Marble",
      "Amphorae",
      "Coins",
      "Prestige",
      "Favor",
      "Colonist",
      "Smuggler token",
      "Anchor",
    ])
      expect(names).toContain(n);
  });

  it("has no legend for a game without one", () => {
    expect(hasLegend("nothing")).toBe(false);
  });
});
