import { describe, expect, it } from "vitest";
import { distinctMoves, governMoves, moveLabel, promptMoves, slotName, twinOf } from "../src/games/greatharbor/moves";
import { decodeView, DISTRICT, LOC } from "../src/games/greatharbor/view";
import { costText, gainText } from "../src/games/greatharbor/words";
import { gainOf } from "../src/games/greatharbor/content";
import type { Move } from "../src/protocol";
import sample from "./greatharbor-view.json";

const v = decodeView(sample.view);

describe("moveLabel", () => {
  it.each<[Move, string]>([
    [{ type: "draft", die: 15 }, "Draft the purple 6"],
    [{ type: "place", die: 5, slot: DISTRICT }, "Place the yellow 3 in the Smuggler's District"],
    [
      { type: "place", die: 5, slot: 5, first: 3, second: 1, waive: 1 },
      "Place the yellow 3 on the slot between the Sailmaker and the Colonists' Office, pips 3 + 1 with a Smuggler token",
    ],
    [{ type: "place", die: 5, slot: 0, first: 2 }, "Place the yellow 3 on the slot above the Administration Office, pips 2"],
    [{ type: "place", die: 5, slot: 5 }, "Place the yellow 3 on the slot between the Sailmaker and the Colonists' Office for no benefit"],
    [{ type: "end" }, "End my turn"],
    [{ type: "favor_pip", die: 15 }, "+1 pip on the purple 6 (1 Favor)"],
    [{ type: "favor_senate", track: 2 }, "Move up the Blue Senate track (2 Favor)"],
    [{ type: "favor_senate" }, "Move up the Red Senate track (2 Favor)"],
    [{ type: "play_building", card: 0 }, "Build Castrum (2 Planks, 2 Metal)"],
    [{ type: "play_ship", card: 1, dock: 2 }, "Launch Lembus at dock 3 (2 Planks, 1 Sails)"],
    [{ type: "construct", structure: 3, colonist: true }, "Construct Insula I (1 Planks, 1 Metal) with a Colonist"],
    [{ type: "crew", dock: 1, stat: 2 }, "Crew dock 2's Cargo (1 Colonist)"],
    [{ type: "repair", res: 3 }, "Repair dock 1's ship with 1 Sails"],
    [{ type: "convert", res: 1 }, "Convert 2 Coins into 1 Rope"],
    [{ type: "shop", site: 4, res: 2 }, "Set up a Shop on corner 3 by Sailmaker for 2 Metal"],
    [{ type: "shop", site: 9, res: 0 }, "Set up a Shop on corner 6 by Blacksmith Avenue for 2 Planks"],
    [{ type: "lighthouse", choice: 1 }, "Discard the Pirate card"],
    [{ type: "pass" }, "No Corsair: reveal the pirates"],
    [{ type: "fight", dock: 0 }, "Face the pirates with dock 1's ship"],
    [{ type: "trade", deliver: true, lux: 2 }, "Trade here, delivering Marble"],
    [{ type: "continue" }, "Sail on to the next segment"],
  ])("%j reads %s", (m, want) => {
    expect(moveLabel(m, v)).toBe(want);
  });

  it("labels every legal move of the fixture distinctly", () => {
    const labels = (sample.legal as Move[]).map((m) => moveLabel(m, v));
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe("one button per choice", () => {
  // Dice 5 and 6 are both yellow 3s in the pool; die 7 is a yellow 3 on slot 4 (between the Administration Office and the Ropeyard).
  const dice = v.dice.map((d) =>
    d.id === 5 || d.id === 6
      ? { ...d, face: 3, loc: LOC.pool, at: 0, bonus: 0, wild: false }
      : d.id === 7
        ? { ...d, face: 3, loc: LOC.slot, at: 3, bonus: 0, wild: false }
        : d,
  );
  const twins = { ...v, dice };

  it("drafts one of two alike dice with one button (GH-032)", () => {
    expect(twinOf(twins, 6)).toBe(5);
    expect(twinOf(twins, 7)).toBe(7);
    const legal: Move[] = [
      { type: "draft", die: 5 },
      { type: "draft", die: 6 },
      { type: "draft", die: 15 },
    ];
    expect(distinctMoves(legal, twins)).toEqual([
      { type: "draft", die: 5 },
      { type: "draft", die: 15 },
    ]);
  });

  it("keeps a die on the Harbor apart from its twin in the pool, and names where each lies", () => {
    const legal: Move[] = [
      { type: "flip", die: 5 },
      { type: "flip", die: 7 },
    ];
    expect(distinctMoves(legal, twins)).toEqual(legal);
    expect(legal.map((m) => moveLabel(m, twins))).toEqual([
      "Flip the yellow 3 in the pool to 4",
      "Flip the yellow 3 on the slot between the Administration Office and the Ropeyard to 4",
    ]);
  });

  it("produces a luxury two production tiles make with one button", () => {
    const me = { ...v.players[v.viewer]!, production: [0, 1, 1] };
    const two = { ...v, players: v.players.map((p, i) => (i === v.viewer ? me : p)) };
    const legal: Move[] = [{ type: "produce" }, { type: "produce", tile: 1 }, { type: "produce", tile: 2 }];
    expect(distinctMoves(legal, two)).toEqual([{ type: "produce" }, { type: "produce", tile: 1 }]);
  });
});

describe("labels that name a displayed card", () => {
  it("names the card a pick takes from the display the pending choice is about", () => {
    const building = { ...v, pending: { kind: 1, seat: 0, n: 1, colour: 0 }, buildingDisplay: [0, 6, -1] };
    expect(moveLabel({ type: "pick", choice: 1 }, building)).toBe("Take Port Crane from the display");
    const person = { ...v, pending: { kind: 2, seat: 0, n: 1, colour: 0 }, personDisplay: [20, -1, -1] };
    expect(moveLabel({ type: "pick" }, person)).toBe("Take Corsair #21 from the display");
  });
});

describe("grouping the legal moves", () => {
  const legal: Move[] = [
    { type: "end" },
    { type: "convert", res: 0 },
    { type: "play_ship", card: 1, dock: 0 },
    { type: "favor_pip", die: 5 },
    { type: "fight", dock: 0 },
    { type: "pass" },
  ];
  it("puts Govern actions in their groups, in a fixed order", () => {
    expect(governMoves(legal).map((g) => [g.title, g.moves.map((m) => m.type)])).toEqual([
      ["Favor", ["favor_pip"]],
      ["Ships", ["play_ship"]],
      ["Coins", ["convert"]],
    ]);
  });
  it("lists prompt answers in their order", () => {
    expect(promptMoves(legal).map((m) => m.type)).toEqual(["pass", "fight"]);
  });
});

describe("words", () => {
  it("names slots and the District", () => {
    expect(slotName(v, DISTRICT)).toBe("the Smuggler's District");
    expect(slotName(v, 12)).toBe("the slot left of the Administration Office");
  });
  it("says costs and gains", () => {
    expect(costText([1, 0, 2, 0])).toBe("1 Planks, 2 Metal");
    expect(costText([0, 0, 0, 0])).toBe("free");
    expect(gainText(gainOf({ colonists: 2, favor: 1 }))).toBe("2 Colonists, 1 Favor");
    expect(gainText(gainOf({ ship: "medium" }))).toBe("a medium Ship card");
    expect(gainText(gainOf(null))).toBe("nothing");
  });
});
