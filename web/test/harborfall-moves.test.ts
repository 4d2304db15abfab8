import { describe, expect, it } from "vitest";
import {
  answerText,
  buildOptions,
  cardPlays,
  costText,
  counterMove,
  counterStart,
  counterWhy,
  lacking,
  moveLabel,
  offerMove,
  offerText,
  recipients,
  spots,
  termsOk,
  termsWhy,
  turnLine,
} from "../src/games/harborfall/moves";
import { decodeView, type Hand } from "../src/games/harborfall/view";
import type { Move } from "../src/protocol";
import sample from "./harborfall-view.json";

const view = decodeView(sample.view);
const legal = sample.legal as Move[];
const offer = decodeView(sample.offerView);

describe("move labels", () => {
  it("labels every legal move of the sample", () => {
    const labels = legal.map((m) => moveLabel(m, view));
    expect(labels).toContain("End turn");
    expect(labels).toContain("Buy a development card");
    expect(labels).toContain("Offer 1 lumber for 1 brick to Ana");
    expect(labels.every((l) => l.length > 0 && !/undefined/.test(l))).toBe(true);
  });

  it("labels board, card and trade moves", () => {
    expect(moveLabel({ type: "settlement" }, { ...view, phase: "setup" })).toBe(
      "Place your settlement at the north corner of 10 hill (brick) (harbor 3:1 any)",
    );
    expect(moveLabel({ type: "settlement", at: 3 }, view)).toMatch(/^Build a settlement (by|at) /);
    expect(moveLabel({ type: "city", at: 3 }, view)).toMatch(/^Upgrade your settlement (by|at) .+ to a city$/);
    expect(moveLabel({ type: "road" }, { ...view, phase: "free_roads" })).toBe("Place a free road on the north-west coast of 10 hill (brick)");
    expect(moveLabel({ type: "robber", at: 0 }, view)).toBe("Move the robber to 10 hill (brick)");
    expect(moveLabel({ type: "steal", seat: 1 }, view)).toBe("Steal from Bo");
    expect(moveLabel({ type: "bank", give: [4, 0, 0, 0, 0], get: [0, 0, 0, 0, 1] }, view)).toBe("Trade 4 brick for 1 ore");
    expect(moveLabel(offerMove(-1, [1, 0, 0, 0, 0], [0, 0, 0, 1, 0]), view)).toBe("Offer 1 brick for 1 grain to everyone");
    expect(moveLabel({ type: "pick", seat: 3 }, view)).toBe("Trade with Di");
    expect(moveLabel({ type: "play_harvest", get: [0, 2, 0, 0, 0] }, view)).toBe("Play Bonus harvest: take 2 lumber");
    expect(moveLabel({ type: "play_forced", res: 2 }, view)).toBe("Play Forced trade: everyone hands you their wool");
    expect(moveLabel({ type: "end" }, { ...view, phase: "special_build" })).toBe("End your extra build turn");
  });
});

describe("builds and their costs", () => {
  it("shows costs and what is missing", () => {
    expect(costText(view.costs.settlement)).toBe("1 brick + 1 lumber + 1 wool + 1 grain");
    expect(lacking([0, 1, 3, 1, 3], view.costs.city)).toEqual([0, 0, 0, 1, 0]);
  });

  it("says why a build is not open, from the legal moves", () => {
    const opts = Object.fromEntries(buildOptions(view, legal).map((o) => [o.kind, o]));
    expect(opts.dev!.moves).toHaveLength(1);
    expect(opts.dev!.why).toBe("");
    expect(opts.city!.why).toBe("Needs 1 grain more");
    expect(opts.road!.why).toBe("Needs 1 brick more");
    const rolling = buildOptions({ ...view, phase: "roll" }, []);
    expect(rolling.every((o) => o.why === "Roll the dice first")).toBe(true);
    const other = buildOptions({ ...view, active: 0 }, []);
    expect(other.every((o) => o.why === "Not your turn to build")).toBe(true);
  });

  it("maps taps on the board to legal moves", () => {
    const m: Move[] = [{ type: "settlement", at: 4 }, { type: "road", at: 7 }, { type: "city", at: 12 }, { type: "robber", at: 5 }, { type: "end" }];
    const all = spots(m);
    expect([...all.corners.keys()]).toEqual([4, 12]);
    expect([...all.edges.keys()]).toEqual([7]);
    expect([...all.hexes.keys()]).toEqual([5]);
    const roads = spots(m, "road");
    expect(roads.corners.size).toBe(0);
    expect([...roads.edges.keys()]).toEqual([7]);
  });

  it("groups card plays by card", () => {
    const plays = cardPlays([{ type: "play_forced", res: 0 }, { type: "play_forced", res: 1 }, { type: "play_steal" }, { type: "roll" }]);
    expect(plays.get(3)).toHaveLength(2);
    expect(plays.get(0)).toHaveLength(1);
    expect(plays.has(1)).toBe(false);
  });
});

describe("trading words", () => {
  it("checks terms like the engine does", () => {
    expect(termsOk([1, 0, 0, 0, 0], [0, 1, 0, 0, 0])).toBe(true);
    expect(termsOk([1, 0, 0, 0, 0], [1, 1, 0, 0, 0])).toBe(false);
    expect(termsOk([0, 0, 0, 0, 0], [0, 1, 0, 0, 0])).toBe(false);
    expect(counterMove([0, 2, 0, 0, 0], [1, 0, 0, 0, 0])).toEqual({ type: "counter", give: [0, 2, 0, 0, 0], get: [1, 0, 0, 0, 0] });
  });

  it("HF-43 sends only terms whose cards the sender holds", () => {
    expect(termsWhy([1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [1, 0, 0, 0, 0])).toBe("");
    expect(termsWhy([2, 0, 0, 0, 0], [0, 1, 0, 0, 0], [1, 0, 0, 0, 0])).toBe("You hold only 1 brick");
    expect(termsWhy([0, 0, 0, 0, 0], [0, 1, 0, 0, 0], [1, 0, 0, 0, 0])).toBe("Choose what you give");
    expect(termsWhy([1, 0, 0, 0, 0], [0, 0, 0, 0, 0], [1, 0, 0, 0, 0])).toBe("Choose what you want");
    expect(termsWhy([1, 0, 0, 0, 0], [1, 0, 0, 0, 0], [1, 0, 0, 0, 0])).toBe("A resource cannot be on both sides");
  });

  it("HF-43 starts a counter-offer from what the answerer holds, and keeps Counter off until it can be made", () => {
    // The offer: 1 lumber for 2 wool; the answerer holds 1 wool and no lumber.
    const o = { give: [0, 1, 0, 0, 0] as Hand, get: [0, 0, 2, 0, 0] as Hand };
    const held: Hand = [0, 0, 1, 3, 0];
    const start = counterStart(o, held);
    expect(start).toEqual({ give: [0, 0, 1, 0, 0], get: [0, 1, 0, 0, 0] });
    expect(counterWhy(o, start.give, start.get, held)).toBe("");
    const none = counterStart(o, [0, 0, 0, 3, 0]);
    expect(none.give).toEqual([0, 0, 0, 0, 0]);
    expect(counterWhy(o, none.give, none.get, [0, 0, 0, 3, 0])).toBe("Choose what you give");
    // The offer turned round is no counter: accepting says the same.
    expect(counterWhy(o, [0, 0, 2, 0, 0], [0, 1, 0, 0, 0], [0, 0, 2, 0, 0])).toBe("That is the offer itself: accept it instead");
  });

  it("describes the open offer and who answered what", () => {
    expect(offerText(offer, 0)).toBe("Cy offers everyone 1 lumber for 1 wool");
    expect(offerText(offer, 2)).toBe("You offer everyone 1 lumber for 1 wool");
    expect(recipients(offer)).toEqual([0, 1, 3]);
    expect(answerText(offer, 3)).toBe("declines");
    expect(answerText(offer, 0)).toBe("thinking…");
    const countered = {
      ...offer,
      offer: {
        ...offer.offer!,
        answers: [3, 0, 0, 2],
        counters: [{ give: [0, 0, 0, 1, 0] as [number, number, number, number, number], get: [0, 2, 0, 0, 0] as [number, number, number, number, number] }],
      },
    };
    expect(answerText(countered, 0)).toBe("counters: gives 1 grain for 2 lumber");
    expect(answerText(countered, 0, true)).toBe("counters 1 grain for 2 lumber");
  });

  it("says whose turn it is and what happens", () => {
    expect(turnLine(view, 2)).toBe("Turn 6: You build, trade or end your turn");
    expect(turnLine(view, 0)).toBe("Turn 6: Cy is building and trading");
    expect(turnLine({ ...view, phase: "special_build", special: 1 }, 0)).toBe("Extra build turn: Bo may build or buy (no trades, no cards)");
    expect(turnLine({ ...view, phase: "over", winner: 3 }, 0)).toBe("Di wins!");
  });
});
