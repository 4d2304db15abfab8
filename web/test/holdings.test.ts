import { describe, expect, it } from "vitest";
import { cellOf, NUM_SPACES, nameParts, path, SPACES, stepsBetween, wrapName } from "../src/games/holdings/board";
import {
  counterDraft,
  counterMove,
  draftWhy,
  improveMoves,
  moveLabel,
  proposeMove,
  sideText,
  tradeAnswers,
  tradeText,
  turnMoves,
} from "../src/games/holdings/moves";
import { ranking } from "../src/components/ranking";
import { turnLine, unaffordable, winnersLine } from "../src/games/holdings/Player";
import { decodeView, eventSpace, holdingsOf, lastTradeText, latestSpace, mayCounter, rollKey, mayPropose, netWorthOf } from "../src/games/holdings/view";
import { decodeResult, type Move } from "../src/protocol";
import sample from "./holdings-view.json";

// holdings-view.json is a real view of the engine (seat 1's, with a trade open from seat 0 to seat 1).
const view = decodeView(sample.view);
const legal = sample.legal as Move[];

describe("decodeView on the engine's view", () => {
  it("reads players, money, tokens and ownership", () => {
    expect(view.players).toBe(3);
    expect(view.names).toEqual(["Ana", "Bo", "Cy"]);
    expect(view.cash).toEqual([675, 1040, 1410]);
    expect(view.pos).toEqual([13, 3, 11]);
    expect(view.netWorth).toEqual([1705, 1610, 1670]);
    expect(view.out).toEqual([]);
    expect(view.order).toEqual([1, 0, 2]);
    expect(view.owner).toHaveLength(NUM_SPACES);
    expect(view.improvements[34]).toBe(3);
    expect(holdingsOf(view, 0)).toEqual([9, 13, 24, 34]);
  });

  it("reads the turn, the dice, the round and the open trade", () => {
    expect(view).toMatchObject({ turn: 0, phase: "end", dice: [5, 6], landed: -1, round: 5, roundLimit: 20 });
    expect(view.trade).toEqual({ from: 0, to: 1, give: { properties: [], coins: 50 }, get: { properties: [], coins: 10 } });
    expect(view.history).toHaveLength(5);
    expect(view.history[4]).toEqual([1705, 1410, 1670]);
    expect(view.lastCard).toMatch(/Lantern Row/);
  });

  it("agrees with the engine's net worth when computing it", () => {
    for (let s = 0; s < 3; s++) expect(netWorthOf(s, view.cash[s]!, view.owner, view.improvements)).toBe(view.netWorth[s]);
  });

  it("treats a closed trade as none and names how the last one ended", () => {
    const closed = decodeView({
      ...sample.view,
      trade: { open: false, from: 0, to: 0 },
      lastTrade: { status: "failed", reason: "Bo no longer owns Tar Lane", seat: 1, space: 3 },
    });
    expect(closed.trade).toBeNull();
    expect(closed.lastTrade).toBe("The last trade failed: Bo no longer owns Tar Lane.");
    expect(lastTradeText({ status: "", seat: 0 })).toBe("");
    expect(decodeView({ ...sample.view, bankrupt: [false, true, false, false, false, false] }).out).toEqual([1]);
  });
});

describe("trade rights come from the view and the legal moves", () => {
  it("the recipient may counter; nobody may propose while a trade is open", () => {
    expect(mayCounter(view, 1, [{ type: "accept" }, { type: "decline" }])).toBe(true);
    expect(mayCounter(view, 0, legal)).toBe(false);
    expect(mayPropose(view, 1, false)).toBe(false);
    const calm = { ...view, trade: null };
    expect(mayPropose(calm, 2, false)).toBe(true);
    expect(mayPropose(calm, 2, true)).toBe(false);
    expect(mayPropose(calm, -1, false)).toBe(false);
  });
});

describe("moves", () => {
  it("sorts the legal moves into the action bar, improvements and trade answers", () => {
    expect(turnMoves(legal).map((m) => m.type)).toEqual(["end"]);
    expect(improveMoves(legal).map((m) => m.space)).toEqual([9, 13, 24, 34]);
    expect(tradeAnswers(legal).map((m) => m.type)).toEqual(["cancel"]);
  });

  it("labels moves in player words", () => {
    expect(moveLabel({ type: "roll" }, view)).toBe("Roll the dice");
    expect(moveLabel({ type: "buy", space: 39 }, view)).toBe("Buy Harbor Heights for 400");
    expect(moveLabel({ type: "improve", space: 9 }, view)).toBe("Improve Rope Walk (70)");
    expect(moveLabel({ type: "mystery" }, view)).toBe("mystery");
  });

  it("builds proposals and counters; a counter swaps the sides", () => {
    const d = { to: 1, give: { properties: [13, 9], coins: 50.7 }, get: { properties: [], coins: -5 } };
    expect(proposeMove(d)).toEqual({ type: "propose", to: 1, give: { properties: [9, 13], coins: 50 }, get: { properties: [], coins: 0 } });
    const c = counterDraft(view.trade!, view);
    expect(c).toEqual({ to: 0, give: { properties: [], coins: 10 }, get: { properties: [], coins: 50 } });
    expect(counterMove(c)).toEqual({ type: "counter", give: { properties: [], coins: 10 }, get: { properties: [], coins: 50 } });
  });

  it("HH-60 starts a counter from what each side still owns and can pay", () => {
    const t = view.trade!;
    const lost = view.owner.indexOf(0);
    const asked = { ...t, get: { properties: [lost], coins: (view.cash[1] ?? 0) + 500 } };
    // Bo is asked for Ana's own street and more Coins than Bo has.
    expect(counterDraft(asked, view).give).toEqual({ properties: [], coins: view.cash[1] });
  });

  it("HH-55 HH-60 keeps Send off until the terms can be made, and a counter off while it is the trade itself", () => {
    const t = view.trade!;
    const none = { properties: [], coins: 0 };
    const ana = view.owner.indexOf(0);
    expect(draftWhy({ to: 0, give: none, get: none }, view, 1, t)).toBe("Choose what you give and what you get");
    expect(draftWhy({ to: 0, give: none, get: { properties: [], coins: 10 } }, view, 1, t)).toBe("Choose what you give");
    expect(draftWhy({ to: 0, give: none, get: { properties: [], coins: 10 } }, { ...view, oneSided: true }, 1, t)).toBe("");
    expect(draftWhy({ to: 0, give: { properties: [ana], coins: 0 }, get: { properties: [], coins: 10 } }, view, 1, t)).toBe(
      `You do not own ${SPACES[ana]!.name}`,
    );
    expect(draftWhy({ to: 0, give: { properties: [], coins: 10 }, get: { properties: [], coins: (view.cash[0] ?? 0) + 1 } }, view, 1, t)).toMatch(
      /^Ana has only .+ Coins$/,
    );
    expect(draftWhy(counterDraft(t, view), view, 1, t)).toBe("That is the trade itself: accept it instead");
    expect(draftWhy({ to: 0, give: { properties: [], coins: 20 }, get: { properties: [], coins: 50 } }, view, 1, t)).toBe("");
    // A proposal's Coins and streets are the server's to check.
    expect(draftWhy({ to: 0, give: { properties: [], coins: 999999 }, get: { properties: [], coins: 10 } }, view, 1)).toBe("");
  });

  it("describes trades", () => {
    expect(sideText({ properties: [1, 3], coins: 1200 })).toBe("Net Menders Row, Tar Lane and 1,200 Coins");
    expect(sideText({ properties: [], coins: 0 })).toBe("nothing");
    expect(tradeText(view.trade!, view.names, 1)).toBe("Ana offers you 50 Coins in exchange for 10 Coins.");
    expect(tradeText(view.trade!, view.names, 0)).toBe("You offer Bo 50 Coins in exchange for 10 Coins.");
  });

  it("says whose turn it is", () => {
    expect(turnLine(view, 0)).toBe("Round 5 of 20 · Your turn: end your turn");
    expect(turnLine(view, 0, [{ type: "improve", space: 9 }, { type: "end" }])).toBe(
      "Round 5 of 20 · Your turn: improve a street in Your holdings, or end your turn",
    );
    expect(turnLine(view, 1)).toBe("Round 5 of 20 · Ana's turn: finishing their turn");
    expect(turnLine({ ...view, phase: "buy", landed: 39 }, 1)).toBe("Round 5 of 20 · Ana's turn: deciding on Harbor Heights");
  });
});

describe("board geometry", () => {
  it("has 40 spaces in a clockwise ring from the bottom-right corner", () => {
    expect(SPACES).toHaveLength(40);
    expect(SPACES[0]?.name).toBe("Harbor Gate");
    expect(cellOf(0)).toEqual({ x: 1000, y: 1000, edge: "corner" });
    expect(cellOf(5)).toMatchObject({ x: 500, y: 1000, edge: "bottom" });
    expect(cellOf(10)).toEqual({ x: 0, y: 1000, edge: "corner" });
    expect(cellOf(15)).toMatchObject({ x: 0, y: 500, edge: "left" });
    expect(cellOf(20)).toEqual({ x: 0, y: 0, edge: "corner" });
    expect(cellOf(25)).toMatchObject({ x: 500, y: 0, edge: "top" });
    expect(cellOf(30)).toEqual({ x: 1000, y: 0, edge: "corner" });
    expect(cellOf(35)).toMatchObject({ x: 1000, y: 500, edge: "right" });
    const seen = new Set(SPACES.map((s) => `${cellOf(s.index).x},${cellOf(s.index).y}`));
    expect(seen.size).toBe(40);
  });

  it("walks forward round the Gate", () => {
    expect(stepsBetween(38, 2)).toBe(4);
    expect(path(38, 2)).toEqual([39, 0, 1, 2]);
    expect(path(5, 5)).toEqual([]);
  });

  it("wraps names", () => {
    expect(wrapName("Fishmarket Street")).toEqual(["Fishmarket", "Street"]);
    expect(wrapName("Net Menders Row")).toEqual(["Net", "Menders", "Row"]);
  });

  it("breaks a long word of a name at its soft hyphens, and only a long one", () => {
    expect(wrapName("Leucht\u00adturm\u00adwerk")).toEqual(["Leucht-", "turmwerk"]);
    expect(wrapName("Calle del Almiran\u00adtazgo")).toEqual(["Calle del", "Almiran-", "tazgo"]);
    expect(wrapName("Hafen\u00adtor")).toEqual(["Hafentor"]);
    expect(nameParts("Altos del Hafen\u00adwasserwerk")).toEqual(["Altos", "del", "Hafen-", "wasserwerk"]);
  });
});

describe("ranking and timer", () => {
  it("orders by place with bankrupt seats last", () => {
    const r = decodeResult({ over: true, winners: 2, places: [2, 1, 0], scores: [1500, 1800, 0] });
    expect(ranking(r, 3).map((x) => x.seat)).toEqual([1, 0, 2]);
  });

  it("names the winners", () => {
    expect(winnersLine(view, decodeResult({ over: true, winners: 2 }))).toBe("Bo wins!");
    expect(winnersLine(view, decodeResult({ over: true, winners: 5 }))).toBe("Ana and Cy share the win!");
  });
});

describe("board keyboard", () => {
  it("arrow keys move round the ring", async () => {
    const { nextSpace } = await import("../src/games/holdings/Board");
    expect(nextSpace(39, "ArrowRight")).toBe(0);
    expect(nextSpace(0, "ArrowLeft")).toBe(39);
    expect(nextSpace(7, "ArrowDown")).toBe(8);
    expect(nextSpace(7, "Home")).toBe(0);
    expect(nextSpace(7, "End")).toBe(39);
    expect(nextSpace(7, "a")).toBeNull();
  });
});

describe("the space an event is about", () => {
  it("reads moves, flows and ownership changes", () => {
    expect(eventSpace({ type: "move", data: { from: 3, to: 9 } })).toBe(9);
    expect(eventSpace({ type: "coins", data: { from: 0, to: "bank", amount: 60, reason: "buy", space: 1 } })).toBe(1);
    expect(eventSpace({ type: "coins", data: { from: "bank", to: 0, amount: 200, reason: "gate" } })).toBe(-1);
    expect(eventSpace({ type: "end" })).toBe(-1);
  });
  it("takes the last such event of the newest move only", () => {
    const log = [
      { type: "move", data: { from: 0, to: 5 } },
      { type: "move", data: { from: 5, to: 8 } },
      { type: "coins", data: { space: 8, reason: "rent" } },
      { type: "end" },
    ];
    expect(latestSpace(log, [1, 2, 2, 2])).toBe(8);
    expect(latestSpace(log.slice(0, 1).concat([{ type: "end" }]), [1, 2])).toBe(-1);
  });
});

describe("rollKey", () => {
  it("is the version of the newest roll", () => {
    expect(rollKey([{ type: "roll" }, { type: "move" }, { type: "trade" }], [3, 3, 4])).toBe(3);
    expect(rollKey([{ type: "trade" }], [4])).toBe(0);
  });
});

describe("unaffordable", () => {
  // Ana (seat 0, down to 121 Coins) has landed on an unowned space that costs more than she has.
  const dear = SPACES.findIndex((sp, i) => (sp.price ?? 0) > 121 && sample.view.owner[i] === -1);
  const at = (landed: number) => decodeView({ ...sample.view, viewer: 0, phase: "buy", landed, cash: [121, 1040, 1410, 0, 0, 0] });
  const pass: Move[] = [{ type: "pass" }];

  it("says what the purchase costs and what the player has when it is not offered", () => {
    expect(dear).toBeGreaterThan(0);
    expect(unaffordable(at(dear), 0, pass)).toEqual({ name: SPACES[dear]!.name, price: SPACES[dear]!.price, cash: 121 });
  });

  it("says nothing when the purchase is offered, on another's turn, or when the price is within reach", () => {
    expect(unaffordable(at(dear), 0, [{ type: "buy" }, ...pass])).toBeNull();
    expect(unaffordable(at(dear), 1, pass)).toBeNull();
    const cheap = SPACES.findIndex((sp, i) => (sp.price ?? 0) > 0 && (sp.price ?? 0) <= 121 && sample.view.owner[i] === -1);
    expect(cheap).toBeGreaterThan(0);
    expect(unaffordable(at(cheap), 0, pass)).toBeNull();
  });
});
