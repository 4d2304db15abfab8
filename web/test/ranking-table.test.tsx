// @vitest-environment happy-dom
// The shared final ranking: the head, one row a player in the order given,
// the place twice (its own column, and inside the name's cell for a phone,
// where styles.css shows one or the other), each source of points and the
// total; and Harborfall's ranking drawn through it from a real view.

import { render } from "preact";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { RankingTable } from "../src/components/RankingTable";
import { Ranking } from "../src/games/harborfall/Panels";
import { breakdown, decodeView } from "../src/games/harborfall/view";
import type { GameResult } from "../src/protocol";
import sample from "./harborfall-view.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const texts = (sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent?.trim() ?? "");

describe("RankingTable", () => {
  const columns = [{ label: "Cards" }, { label: "Road", title: "Longest road" }];
  const rows = [
    { id: 2, place: 1, who: <b>Cy</b>, points: [5, 2], total: 7, winner: true, testid: "rank-2" },
    { id: 0, place: 2, who: <b>Ana</b>, points: [4, 0], total: 4, winner: false, testid: "rank-0" },
    { id: 1, place: 3, who: <b>Bo</b>, points: [1, 0], total: 1, winner: false, testid: "rank-1" },
  ];

  it("heads the columns with place, who, each source and the total", () => {
    render(<RankingTable tableClass="xx-table" whoHead="Player" columns={columns} rows={rows} />, root);
    const table = root.querySelector("table");
    expect(table?.className).toBe("xx-table fit-table");
    expect(table?.parentElement?.className).toBe("rank-wrap");
    expect(texts("thead th")).toEqual(["Place", "Player", "Cards", "Road", "Total"]);
    expect([...root.querySelectorAll("thead th")].map((th) => th.getAttribute("scope"))).toEqual(["col", "col", "col", "col", "col"]);
    expect(root.querySelector('thead th[title="Longest road"]')?.textContent).toBe("Road");
    expect(root.querySelectorAll("thead th[title]")).toHaveLength(1);
    expect(root.querySelectorAll("thead .col-head")).toHaveLength(4);
  });

  it("draws the rows in the order given, the winner's marked", () => {
    render(<RankingTable tableClass="xx-table" whoHead="Who" columns={columns} rows={rows} />, root);
    const trs = [...root.querySelectorAll("tbody tr")];
    expect(trs.map((tr) => tr.getAttribute("data-testid"))).toEqual(["rank-2", "rank-0", "rank-1"]);
    expect(trs.map((tr) => tr.className)).toEqual(["winner", "", ""]);
    expect(texts("tbody .col-place")).toEqual(["1st", "2nd", "3rd"]);
    expect(texts("tbody .fit-place")).toEqual(["1st", "2nd", "3rd"]);
    expect(texts('tbody th[scope="row"]')).toEqual(["1stCy", "2ndAna", "3rdBo"]);
    expect([...(trs[0]?.querySelectorAll("td") ?? [])].map((td) => td.textContent)).toEqual(["1st", "5", "2", "7"]);
    expect(texts("tbody .rank-total")).toEqual(["7", "4", "1"]);
  });
});

describe("RankingTable that is wider than its place", () => {
  const columns = [{ label: "Cards" }, { label: "Road" }];
  const rows = [{ id: 0, place: 1, who: <b>Ana</b>, points: [4, 0], total: 4, winner: true, testid: "rank-0" }];
  const proto = HTMLElement.prototype;
  const width = (el: HTMLElement, fits: string[]) => (el.classList.contains("rank-wrap") && !fits.some((c) => el.classList.contains(c)) ? 900 : 600);
  // happy-dom lays nothing out: the wrapper says the table is 900 px wide in its 600 until it has one of the classes in fits.
  const drawn = async (fits: string[]) => {
    const scroll = Object.getOwnPropertyDescriptor(proto, "scrollWidth");
    const client = Object.getOwnPropertyDescriptor(proto, "clientWidth");
    Object.defineProperty(proto, "scrollWidth", {
      configurable: true,
      get: function (this: HTMLElement) {
        return width(this, fits);
      },
    });
    Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 600 });
    try {
      render(<RankingTable tableClass="xx-table" whoHead="Who" columns={columns} rows={rows} />, root);
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
      return root.querySelector("table")?.parentElement?.className;
    } finally {
      if (scroll) Object.defineProperty(proto, "scrollWidth", scroll);
      if (client) Object.defineProperty(proto, "clientWidth", client);
    }
  };

  it("stays as it is when it fits", async () => {
    expect(await drawn(["rank-wrap"])).toBe("rank-wrap");
  });

  it("wraps its names and heads when that is enough", async () => {
    expect(await drawn(["rank-wrapped"])).toBe("rank-wrap rank-wrapped");
  });

  it("breaks its column heads inside their words when wrapping at spaces is not enough", async () => {
    expect(await drawn([])).toBe("rank-wrap rank-wrapped rank-broken");
  });
});

describe("Harborfall's final ranking", () => {
  const v = decodeView(sample.publicView);
  const n = v.players.length;
  const scores = v.players.map((p) => p.points);
  // Places by points, as the server gives them (ties: the lower seat first).
  const order = [...scores.keys()].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  const top = order[0] ?? 0;
  const places = scores.map((_, seat) => order.indexOf(seat) + 1);
  const result: GameResult = { over: true, winners: [top], places, scores, reason: "turn_limit", turns: 40 };

  it("ranks every player with their points broken down", () => {
    render(<Ranking result={result} view={v} colors={[]} />, root);
    expect(texts("thead th")).toEqual(["Place", "Player", "Settl.", "Cities", "Secret", "Road", "Army", "Total"]);
    const trs = [...root.querySelectorAll("tbody tr")];
    expect(trs).toHaveLength(n);
    expect(trs.map((tr) => tr.getAttribute("data-testid"))).toEqual(order.map((s) => `rank-${s}`));
    const first = trs[0];
    expect(first?.className).toBe("winner");
    expect(first?.querySelector(".tag")?.textContent).toBe("winner");
    const b = breakdown(v, top);
    expect([...(first?.querySelectorAll("td") ?? [])].map((td) => td.textContent)).toEqual(
      ["1st", b.settlements, b.cities, b.secret, b.longestRoad, b.largestArmy, scores[top]].map(String),
    );
    expect(root.querySelectorAll(".tag")).toHaveLength(1);
    expect(root.textContent).toContain("The game ended at its turn limit");
  });
});
