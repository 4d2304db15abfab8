// @vitest-environment happy-dom
// The position summary every play screen offers: one disclosure in the frame,
// its lines worked out when it opens, the turn line first; and each game's
// lines, from the engines' own views, name every player with their score.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { PositionSummary } from "../src/components/Summary";
import { summary as greatHarbor } from "../src/games/greatharbor/summary";
import { decodeView as decodeGreatHarbor } from "../src/games/greatharbor/view";
import { summary as harborfall } from "../src/games/harborfall/summary";
import { decodeView as decodeHarborfall } from "../src/games/harborfall/view";
import { summary as holdings } from "../src/games/holdings/summary";
import { decodeView as decodeHoldings } from "../src/games/holdings/view";
import { summary as neko } from "../src/games/neko/summary";
import { decodeView as decodeNeko } from "../src/games/neko/view";
import ghFixture from "./greatharbor-view.json";
import hfFixture from "./harborfall-view.json";
import holdingsFixture from "./holdings-view.json";
import nekoFixture from "./neko-view-4p-modules.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

describe("PositionSummary", () => {
  it("is a disclosure that lists the turn line and the game's lines once opened", async () => {
    let asked = 0;
    const lines = () => {
      asked++;
      return ["Ana: 3 points.", "Bo: 5 points."];
    };
    await act(() => render(<PositionSummary turnLine="Bo to roll" lines={lines} />, root));
    const details = root.querySelector("details")!;
    expect(details.querySelector("summary")!.textContent).toBe("Summary of the game");
    expect(root.querySelector("li")).toBeNull();
    expect(asked).toBe(0);
    await act(() => {
      details.open = true;
      details.dispatchEvent(new Event("toggle"));
    });
    expect([...root.querySelectorAll("li")].map((l) => l.textContent)).toEqual(["Bo to roll", "Ana: 3 points.", "Bo: 5 points."]);
  });
});

describe("each game's summary", () => {
  it("Harbor Holdings: each player's Coins, net worth and where they stand", () => {
    const v = decodeHoldings(holdingsFixture.view);
    const lines = holdings(v, v.order[0] ?? 0);
    expect(lines).toHaveLength(v.players);
    for (const [s, n] of v.names.slice(0, v.players).entries()) {
      expect(lines[s]).toMatch(new RegExp(`^${n}( \\(you\\))?: [\\d,]+ Coins, net worth [\\d,]+; \\d+ spaces?`));
    }
    // Ana owns the space with three improvements.
    expect(lines[0]).toContain("with 3 improvements");
  });

  it("Harborfall: each player's points, cards and pieces, then the viewer's hand", () => {
    const v = decodeHarborfall(hfFixture.view);
    const lines = harborfall(v, v.viewer);
    expect(lines).toHaveLength(v.players.length + 2);
    for (const [s, p] of v.players.entries()) {
      const settlements = v.owner.filter((o) => o === s).length;
      expect(lines[s]).toContain(`${p.name}${s === v.viewer ? " (you)" : ""}: ${p.points} point`);
      expect(lines[s]).toContain(`${settlements} settlement`);
    }
    expect(lines[v.players.length]).toMatch(/^You hold /);
    expect(lines.at(-1)).toBe(`Playing to ${v.target} points.`);
  });

  it("The Great Harbor: each colony's Prestige and Coins", () => {
    const v = decodeGreatHarbor(ghFixture.view);
    const lines = greatHarbor(v, v.viewer);
    expect(lines.length).toBe(v.n + (v.automa ? 1 : 0));
    for (let s = 0; s < v.n; s++)
      expect(lines[s]).toContain(`${v.names[s]}${s === v.viewer ? " (you)" : ""}: ${v.players[s]!.prestige} Prestige, ${v.players[s]!.coins} Coins`);
  });

  it("Neko Harbour: each player's points so far and harbour", () => {
    const v = decodeNeko(nekoFixture.view);
    const lines = neko(v, v.viewer);
    expect(lines).toHaveLength(v.players.length);
    for (const p of v.players) expect(lines[p.seat]).toMatch(new RegExp(`^${p.name}( \\(you\\))?: \\d+ points?; harbour level ${p.harbour}, `));
  });
});
