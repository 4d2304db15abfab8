// Picking on The Great Harbor's board: the numbered Shop corners (what they
// say, which answer a tap or a key) and the Govern actions in short steps,
// a Shop's choices listed for the corner tapped. The components are drawn
// without a browser: function components are expanded to their elements.

import { Fragment, type VNode } from "preact";
import { describe, expect, it } from "vitest";
import { MoveLine } from "../src/components/Rules";
import { cornerNumber, SITES } from "../src/games/greatharbor/geometry";
import { GovernSteps, type GovernStepsProps, SHORT_LIST } from "../src/games/greatharbor/Govern";
import { ActionPanel, noChoice } from "../src/games/greatharbor/Action";
import { Harbor } from "../src/games/greatharbor/Harbor";
import { craneMove, craneSlots, governMoves, governSubjects, moveLabel, noCrane, shopCorners, validCrane } from "../src/games/greatharbor/moves";
import { decodeView, PENDING } from "../src/games/greatharbor/view";
import type { Move } from "../src/protocol";
import sample from "./greatharbor-view.json";

const v = decodeView(sample.view);

type Props = Record<string, unknown> & { children?: unknown };
type El = VNode<Props>;

/** elements expands a tree to its DOM elements in document order, calling function components (they hold no state here). */
function elements(node: unknown): El[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!node || typeof node !== "object" || !("type" in node)) return [];
  const n = node as El;
  if (n.type === Fragment) return elements(n.props.children);
  if (n.type === MoveLine) return []; // the rules reference's line, loaded from the server
  if (typeof n.type === "function") return elements((n.type as (p: Props) => unknown)(n.props));
  return [n, ...elements(n.props.children)];
}

/** text is what an element shows, its children's text joined. */
function text(node: unknown): string {
  if (Array.isArray(node)) return node.map(text).join("");
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (!node || typeof node !== "object" || !("type" in node)) return "";
  const n = node as El;
  if (n.type === MoveLine) return "";
  if (typeof n.type === "function" && n.type !== Fragment) return text((n.type as (p: Props) => unknown)(n.props));
  return text(n.props.children);
}

const key = (k: string) => ({ key: k, preventDefault: () => {} });

describe("Shop sites", () => {
  it("follow the engine's order: by corner in reading order, then the tiles meeting there", () => {
    expect(SITES).toHaveLength(36);
    expect(SITES[0]).toEqual({ vertex: 0, cell: 0, slots: [0, 12] });
    expect(SITES[4]).toEqual({ vertex: 2, cell: 2, slots: [2, 14] });
    expect(SITES.slice(8, 12).map((s) => s.cell)).toEqual([0, 1, 3, 4]);
    expect(SITES[35]).toEqual({ vertex: 15, cell: 8, slots: [11, 23] });
    expect([0, 4, 9, 35].map(cornerNumber)).toEqual([1, 3, 6, 16]);
  });
});

describe("the Harbor's corners", () => {
  const draw = (corners: number[], onCorner: (c: number) => void = () => {}, view = v) =>
    elements(Harbor({ view, colors: [], corners, onCorner, label: "The Harbor" })).filter((e) => e.props["data-corner"] !== undefined);

  it("number all 16 corners with Harbor Shops, 1 to 16 in reading order", () => {
    const corners = draw([]);
    expect(corners.map((e) => e.props["data-corner"])).toEqual(Array.from({ length: 16 }, (_, i) => i));
    for (const c of corners) expect(text(c)).toContain(String(Number(c.props["data-corner"]) + 1));
  });

  it("draw no corners without Harbor Shops", () => {
    expect(draw([], () => {}, { ...v, shops: false })).toHaveLength(0);
  });

  it("name a Shop by owner, corner and tile", () => {
    const shop = draw([]).find((e) => e.props["data-corner"] === 2)!;
    expect(shop.props.role).toBe("img");
    expect(shop.props["aria-label"]).toBe("Bo's Shop on corner 3, by Sailmaker");
  });

  it("make the corners open to a Shop focusable buttons with spoken names, answering a tap, Enter and Space", () => {
    const picked: number[] = [];
    const corners = draw([5, 15], (c) => picked.push(c));
    const five = corners.find((e) => e.props["data-corner"] === 5)!;
    expect(five.props.role).toBe("button");
    expect(five.props.tabindex).toBe(0);
    expect(five.props["aria-label"]).toBe("Corner 6, where Administration Office, Blacksmith Avenue, Ropeyard, Shipyard meet. You may set up a Shop here");
    (five.props.onClick as () => void)();
    (corners.find((e) => e.props["data-corner"] === 15)!.props.onKeyDown as (e: unknown) => void)(key("Enter"));
    (five.props.onKeyDown as (e: unknown) => void)(key(" "));
    (five.props.onKeyDown as (e: unknown) => void)(key("a"));
    expect(picked).toEqual([5, 15, 5]);
    const shut = corners.find((e) => e.props["data-corner"] === 1)!;
    expect(shut.props.role).toBeUndefined();
    expect(shut.props["aria-hidden"]).toBe("true");
  });
});

/** A turn with many Govern actions: Shops on two corners, a long Coins list, two structures. */
const legal: Move[] = [
  ...[1, 2, 8, 9, 10, 11].flatMap((site) => [0, 1, 3].map((res) => ({ type: "shop", site, res }))),
  ...Array.from({ length: 6 }, (_, n) => ({ type: "convert_card", card: 4, n: n + 1, lux: 0 })),
  ...Array.from({ length: 6 }, (_, n) => ({ type: "convert_card", card: 4, n: n + 1, lux: 2 })),
  { type: "convert", res: 0 },
  { type: "convert", res: 1 },
  { type: "construct", structure: 0 },
  { type: "construct", structure: 0, colonist: true },
  { type: "construct", structure: 3 },
];

describe("the Govern actions in steps", () => {
  const groups = governMoves(legal);
  const draw = (p: Partial<GovernStepsProps>) => {
    const seen: Record<string, unknown[]> = { kind: [], subject: [], corner: [] };
    const els = elements(
      GovernSteps({
        v,
        groups,
        btn: (m) => ({ type: "button", props: { "data-move": m.type, "data-label": moveLabel(m, v), children: moveLabel(m, v) } }) as unknown as El,
        corner: null,
        setCorner: (c) => seen.corner!.push(c),
        open: true,
        kind: null,
        setKind: (k) => seen.kind!.push(k),
        subject: null,
        setSubject: (s) => seen.subject!.push(s),
        ...p,
      }),
    );
    return { els, seen, moves: els.filter((e) => e.props["data-move"]).map((e) => e.props["data-label"] as string) };
  };

  it("first offers only the kinds, each with its count", () => {
    const { els, moves } = draw({});
    expect(els.filter((e) => e.props["data-kind"]).map(text)).toEqual(["Colony (3)", "Coins (14)", "Shops (18)"]);
    expect(moves).toEqual([]);
  });

  it("lists a short kind's moves at once", () => {
    expect(draw({ kind: "Colony" }).moves).toHaveLength(3);
  });

  it("asks what to act on in a long kind, then lists that thing's moves", () => {
    const first = draw({ kind: "Coins" });
    expect(first.els.filter((e) => e.props["data-subject"]).map(text)).toEqual([
      "Importer for Wine (6)",
      "Importer for Marble (6)",
      "Convert 2 Coins into a resource (2)",
    ]);
    expect(first.moves).toEqual([]);
    const subject = first.els.find((e) => text(e).startsWith("Importer for Marble"))!;
    (subject.props.onClick as () => void)();
    expect(first.seen.subject).toEqual([subject.props["data-subject"]]);
    const then = draw({ kind: "Coins", subject: subject.props["data-subject"] as string });
    expect(then.moves).toHaveLength(6);
    expect(then.moves.every((l) => l.includes("Marble"))).toBe(true);
    expect(then.moves.length).toBeLessThanOrEqual(SHORT_LIST);
  });

  it("sends the person to the Harbor for a Shop, with no list of corners", () => {
    const { els, moves } = draw({ kind: "Shops" });
    expect(moves).toEqual([]);
    expect(text(els.find((e) => e.props["data-testid"] === "gh-shop-hint"))).toContain("Choose a marked corner on the Harbor");
  });

  it("lists, for the corner tapped, its Shops by tile and nothing of other corners", () => {
    const { els, moves } = draw({ corner: 5 });
    expect(els.find((e) => e.props["data-kind"] === "Shops")!.props["aria-pressed"]).toBe(true);
    expect(els.filter((e) => e.type === "h3").map(text)).toEqual([
      "By Administration Office: +1 pip on its south and east slots",
      "By Blacksmith Avenue: +1 pip on its south and west slots",
      "By Ropeyard: +1 pip on its north and east slots",
      "By Shipyard: +1 pip on its north and west slots",
    ]);
    expect(moves).toHaveLength(12);
    expect(moves.every((l) => l.startsWith("Set up a Shop on corner 6 by "))).toBe(true);
    expect(new Set(moves).size).toBe(12);
  });

  it("closes the corner when another kind is chosen", () => {
    const { els, seen } = draw({ corner: 5 });
    (els.find((e) => e.props["data-kind"] === "Coins")!.props.onClick as () => void)();
    expect(seen.kind).toEqual(["Coins"]);
    expect(seen.corner).toEqual([null]);
  });
});

describe("grouping helpers", () => {
  it("find the corners with a legal Shop", () => {
    expect(shopCorners(legal).sort((a, b) => a - b)).toEqual([1, 5]);
  });
  it("group a kind's moves by the thing they act on", () => {
    const colony = governSubjects(
      legal.filter((m) => m.type === "construct"),
      v,
    );
    expect(colony.map((s) => s.moves.length)).toEqual([2, 1]);
  });
});

describe("the Port Crane on the board", () => {
  // Dice on slots 3 and 7 may move to the empty slots 0, 1 and 2: six moves, picked in two taps.
  const cranes: Move[] = [3, 7].flatMap((slot) => [0, 1, 2].map((to) => ({ type: "crane", slot, to })));
  const craneView = { ...v, pending: { kind: PENDING.crane, seat: 0, n: 0, colour: 0 } };

  it("marks the dice to move, then the empty slots for the one picked", () => {
    expect(craneSlots(cranes, noCrane)).toEqual([3, 7]);
    expect(craneSlots(cranes, { from: 7, to: null })).toEqual([0, 1, 2]);
    expect(validCrane({ from: 5, to: 1 }, cranes)).toEqual(noCrane);
    expect(validCrane({ from: 3, to: 9 }, cranes)).toEqual({ from: 3, to: null });
    expect(craneMove(cranes, { from: 7, to: 1 })).toEqual({ type: "crane", slot: 7, to: 1 });
  });

  it("says on the board what a marked slot offers", () => {
    const slots = elements(Harbor({ view: v, colors: [], open: [3], openSay: () => "The Port Crane may move this die", label: "The Harbor" }));
    const three = slots.find((e) => e.props["data-slot"] === 3)!;
    expect(three.props["aria-label"]).toMatch(/^The slot between the Administration Office and the Ropeyard; .*\. The Port Crane may move this die$/);
    expect(slots.find((e) => e.props["data-slot"] === 4)!.props["aria-label"]).not.toMatch(/Port Crane|You may/);
  });

  const panel = (crane: { from: number | null; to: number | null }) =>
    elements(ActionPanel({ v: craneView, me: 0, legal: cranes, send: () => {}, busy: false, choice: noChoice, setChoice: () => {}, crane, version: 1 })).filter(
      (e) => e.props["data-move"],
    );

  it("lists no crane buttons in the panel until a die and a slot are picked, then one", () => {
    expect(panel(noCrane)).toHaveLength(0);
    expect(panel({ from: 3, to: null })).toHaveLength(0);
    const done = panel({ from: 3, to: 2 });
    expect(done.map(text)).toEqual(["Move the die on the slot between the Administration Office and the Ropeyard to the slot above the Sailmaker"]);
  });
});

describe("the Harbor's marks keep off the tiles' words", () => {
  // Every corner holds a Shop, every slot has Shop pips and every tile a fee: the most marks the board can show.
  const full = {
    ...v,
    shops: true,
    shopSite: Array.from({ length: 16 }, (_, k) => SITES.findIndex((s) => s.vertex === k)),
    shopOwner: Array<number>(16).fill(0),
    shopPips: Array<number>(24).fill(2),
    fees: Array<number>(9).fill(5),
  };
  const els = elements(Harbor({ view: full, colors: [], label: "The Harbor" }));
  const n = (x: unknown) => Number(x);
  type Box = { left: number; top: number; right: number; bottom: number; what: string };
  const box = (x: number, y: number, w: number, h: number, what: string): Box => ({ left: x, top: y, right: x + w, bottom: y + h, what });
  const faces = els.filter((e) => e.type === "foreignObject").map((e) => box(n(e.props.x), n(e.props.y), n(e.props.width), n(e.props.height), "tile face"));
  const offset = (e: El): [number, number] => {
    const m = String(e.props.transform ?? "").match(/translate\(([-\d.]+) ([-\d.]+)\)/);
    return m ? [n(m[1]), n(m[2])] : [0, 0];
  };
  const fees = els
    .filter((e) => e.props.class === "gh-fee")
    .map((g) => elements(g.props.children).find((c) => c.type === "rect")!)
    .map((r) => box(n(r.props.x), n(r.props.y), n(r.props.width), n(r.props.height), "fee"));
  // A "+2" at 9 px: about 11 wide and 9 high round its anchor (centered, on its baseline).
  const pips = els.filter((e) => e.props.class === "gh-shop-pips").map((t) => box(n(t.props.x) - 6, n(t.props.y) - 8, 12, 9, "pips"));
  const tags = els
    .filter((e) => String(e.props.class).startsWith("gh-shop"))
    .flatMap((g) => {
      const [ox, oy] = offset(g);
      return elements(g.props.children)
        .filter((c) => c.type === "circle" || c.type === "rect")
        .map((c) =>
          c.type === "circle"
            ? box(ox + n(c.props.cx) - n(c.props.r), oy + n(c.props.cy) - n(c.props.r), 2 * n(c.props.r), 2 * n(c.props.r), "corner number")
            : box(ox + n(c.props.x), oy + n(c.props.y), n(c.props.width), n(c.props.height), "Shop"),
        );
    });
  const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it("draws them all", () => {
    expect(faces).toHaveLength(9);
    expect(fees).toHaveLength(9);
    expect(pips).toHaveLength(24);
    expect(tags).toHaveLength(32);
  });

  it("puts no fee, pips, Shop or corner number on a tile's face", () => {
    const on = [...fees, ...pips, ...tags].flatMap((m) =>
      faces.filter((f) => meets(m, f)).map((f) => `${m.what} at ${m.left},${m.top} on the face at ${f.left},${f.top}`),
    );
    expect(on).toEqual([]);
  });

  it("keeps the corner numbers on the Harbor and off the fees", () => {
    const side = 3 * 130 + 2 * 30;
    for (const t of tags) expect(t.left >= 0 && t.top >= 0 && t.right <= side && t.bottom <= side).toBe(true);
    expect(tags.flatMap((t) => fees.filter((f) => meets(t, f)))).toEqual([]);
  });
});
