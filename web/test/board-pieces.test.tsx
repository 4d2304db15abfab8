// @vitest-environment happy-dom
// Every piece on the boards of Harbor Holdings, The Great Harbor and Neko
// Harbour reaches a screen reader with its owner, drawn from the engines'
// own views (Harborfall's island has its own file, harborfall-board-a11y).

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { named } from "./a11y";
import { freshRoot } from "./root";
import { Harbor } from "../src/games/greatharbor/Harbor";
import { dieName, dieOwner, slotName } from "../src/games/greatharbor/moves";
import { decodeView as decodeGreatHarbor } from "../src/games/greatharbor/view";
import { Board } from "../src/games/holdings/Board";
import { SPACES } from "../src/games/holdings/board";
import { decodeView as decodeHoldings } from "../src/games/holdings/view";
import { Town } from "../src/games/neko/Town";
import { cardName } from "../src/games/neko/cards";
import { decodeView as decodeNeko } from "../src/games/neko/view";
import ghFixture from "./greatharbor-view.json";
import holdingsFixture from "./holdings-view.json";
import nekoFixture from "./neko-view-4p-modules.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

describe("Harbor Holdings' board", () => {
  const view = decodeHoldings(holdingsFixture.view);

  it("reads who stands where, and every space with its owner and improvements", () => {
    act(() => render(<Board view={view} colors={[]} label="The board" />, root));
    const images = named(root, "img");
    const playing = view.names.filter((_, s) => s < view.pos.length && !view.out.includes(s));
    expect(playing.length).toBeGreaterThanOrEqual(3);
    for (const [seat, sp] of view.pos.entries()) {
      if (view.out.includes(seat)) continue;
      const token = images.filter((n) => n.startsWith(`${view.names[seat]}'s token, on ${SPACES[sp]!.name} (space ${sp})`));
      expect(token, `${view.names[seat]}'s token`).toHaveLength(1);
    }
    expect(images.filter((n) => n.includes("'s token, on ")).join("\n")).toContain(", their turn");
    const spaces = images.filter((n) => /: space \d+/.test(n));
    expect(spaces).toHaveLength(40);
    for (const [i, o] of view.owner.entries()) {
      const label = spaces.find((n) => n.includes(`: space ${i},`) || n.endsWith(`: space ${i}`))!;
      if (o >= 0) expect(label).toContain(`owned by ${view.names[o]}`);
      else expect(label).not.toContain("owned by");
      if ((view.improvements[i] ?? 0) > 0) expect(label).toContain(`${view.improvements[i]} improvement`);
    }
  });
});

describe("The Great Harbor's Harbor", () => {
  const view = decodeGreatHarbor(ghFixture.view);

  it("reads every die on a slot and every Shop with its owner", () => {
    act(() => render(<Harbor view={view} colors={[]} label="The Harbor" />, root));
    const slots = named(root, "button").filter((n) => n.includes("; takes "));
    expect(slots).toHaveLength(24);
    const held = view.slots.flatMap((d, s) => (d >= 0 ? [{ d, s }] : []));
    expect(held.length).toBeGreaterThanOrEqual(3);
    for (const { d, s } of held) {
      const name = slotName(view, s);
      expect(slots.find((n) => n.toLowerCase().startsWith(name.toLowerCase()))).toContain(`holds ${dieOwner(view, d)} ${dieName(view, d)}`);
    }
    // The fixture's dice on slots were placed by Bo and by the Automa; the viewer is Ana.
    expect(held.map(({ d }) => dieOwner(view, d)).sort()).toEqual(["Bo's", "Bo's", "the Automa's", "the Automa's"]);
    const shops = named(root, "img").filter((n) => n.includes("'s Shop on corner "));
    const owned = view.shopSite.flatMap((site, v) => (site >= 0 ? [`${view.names[view.shopOwner[v]!]}'s Shop on corner ${v + 1}`] : []));
    expect(owned.length).toBeGreaterThanOrEqual(2);
    expect(shops.map((n) => n.split(",")[0])).toEqual(owned);
  });
});

describe("Neko Harbour's towns", () => {
  const view = decodeNeko(nekoFixture.view);

  it("reads every card of a player's preparation line with its owner and column", () => {
    let cards = 0;
    let hubs = 0;
    // The games recorded have no card tucked as a hub yet: one of the first player's cards is tucked under another column here.
    const [first, ...rest] = view.players;
    const tuck = first!.columns[1]!.actions[0]!;
    const players = [{ ...first!, columns: first!.columns.map((c, i) => (i === 0 ? { ...c, hubs: [tuck] } : c)) }, ...rest];
    for (const p of players) {
      act(() => render(<Town v={view} p={p} onOpen={() => {}} />, root));
      const line = root.querySelector('[role="list"]')!;
      expect(line.getAttribute("aria-label")).toBe(`${p.name}'s harbour and preparation line`);
      for (const [i, c] of p.columns.entries()) {
        for (const n of c.actions) {
          // A card button's name is its text: the face, then the words for screen readers only.
          const card = root.querySelector<HTMLElement>(`[data-col="${i}"] .nk-col-cards button[data-card="${n}"]`)!;
          expect(card.textContent).toContain(cardName(n));
          expect([...card.querySelectorAll(":scope > .sr-only")].map((e) => e.textContent).join("")).toContain(
            `; in ${p.name}'s column ${i + 1}. Open the card`,
          );
          cards++;
        }
        const tucked = [...root.querySelectorAll(`[data-col="${i}"] .nk-tuck`)].map((b) => b.getAttribute("aria-label"));
        expect(tucked).toEqual(c.hubs.map((n) => expect.stringContaining(`${cardName(n)}, tucked as a hub in ${p.name}'s column ${i + 1}`)));
        hubs += c.hubs.length;
      }
    }
    expect(cards).toBeGreaterThanOrEqual(4);
    expect(hubs).toBe(1);
  });
});
