import { describe, expect, it } from "vitest";
import content from "../../games/neko/data/content.json";
import { cardLabel, cardName, CARDS, choiceText, fullEffect, shortEffect, timing, plain, attractionRewards } from "../src/games/neko/cards";

const num = (id: string) => CARDS.findIndex((c) => c.id === id);

describe("Neko Harbour card labels", () => {
  it("has every card of the engine's content, numbered as in moves and views", () => {
    expect(CARDS).toHaveLength(content.cards.length);
    content.cards.forEach((c, i) => expect(CARDS[i]!.id).toBe(c.id));
  });

  it("gives every card a name, a timing type, a short effect and a full sentence", () => {
    for (const c of CARDS) {
      expect(cardName(c.number)).not.toBe("");
      expect(["Once per turn", "Ship moves in", "Immediate", "Game end", "Always on"]).toContain(timing(c.number));
      expect(shortEffect(c.number), c.id).not.toBe("");
      expect(fullEffect(c.number), c.id).toMatch(/\.$/);
      expect(cardLabel(c.number)).not.toMatch(/\{|undefined/);
    }
  });

  it.each([
    ["P1-01", "Permit Office", "Once per turn", "+1 {licence} icon", "hub 1, 2 dots"],
    ["P1-23", "Tourist Center", "Once per turn", "+2 {coin}", "hub 1, 2 dots"],
    ["P1-07", "Seaside Town", "Ship moves in", "+1 {goods}", "hub 1, 2 dots"],
  ])("%s reads as a %s card", (id, name, when, short, tail) => {
    const n = num(id);
    expect(cardName(n)).toBe(name);
    expect(timing(n)).toBe(when);
    expect(shortEffect(n)).toBe(short);
    expect(cardLabel(n)).toBe(`${name} ${id}, period 1, ${when}: ${plain(short)}; ${tail}`);
  });

  it("words period-2 variants and game-end cards by their amounts", () => {
    const po = CARDS.find((c) => c.kind === "PO" && c.effect === "end_set")!;
    expect(timing(po.number)).toBe("Game end");
    expect(shortEffect(po.number)).toBe("8 {vp} per 3 of this kind");
    const tc = CARDS.find((c) => c.kind === "TC" && c.effect === "coin" && c.period === 2)!;
    expect(shortEffect(tc.number)).toBe("+4 {coin}");
    const hub = CARDS.find((c) => c.effect === "end_hub")!;
    expect(shortEffect(hub.number)).toBe("best small hub in {vp}");
    const imm = CARDS.find((c) => c.effect === "immediate_vp_per_ship")!;
    expect(timing(imm.number)).toBe("Immediate");
  });

  it("words the choices in the engine's option order", () => {
    expect(choiceText("hubReward", 2, 0)).toBe("Level 2 reward: 1 licence");
    expect(choiceText("halfMoon", 3, 0)).toBe("1 point card + 1 fish");
    expect(choiceText("neko", 0, 0)).toBe("2 fish");
    expect(choiceText("neko", 1, 0)).toBe("1 fish + 1 goods");
    expect(choiceText("neko", 9, 0)).toBe("2 penguins");
    const boat = CARDS.find((c) => c.effect === "swap_fish3_licence_goods")!;
    expect(choiceText("boatSwap", 0, boat.number)).toBe("No swap");
    expect(choiceText("boatSwap", 4, boat.number)).toBe("Give 1 goods, get 3 fish");
  });

  it("words the attractions' rewards from the content", () => {
    expect(attractionRewards("elephant")).toEqual({ better: "3 licences", lesser: "1 licence" });
    expect(attractionRewards("kinggeorge")).toEqual({ better: "ship +3 levels", lesser: "ship +1 level" });
  });
});
