// @vitest-environment happy-dom
// The turn order's chips (who has acted reads whole, with a check mark), the
// TV's cards on offer (a place left empty keeps its cell, so the other cards
// hold still) and the Automa's panel made brief beside its turn on the TV.
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { AutomaPanel, OrderLine, TvOffer } from "../src/games/greatharbor/Panels";
import { shipName } from "../src/games/greatharbor/words";
import { BUILDINGS, PEOPLE, SHIPS } from "../src/games/greatharbor/content";
import { decodeView } from "../src/games/greatharbor/view";
import fixture from "./greatharbor-view.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const v = decodeView(fixture.view);

describe("the turn order", () => {
  it("marks who has acted with a check mark and says so, the name whole", () => {
    act(() => render(<OrderLine v={v} colors={[]} />, root));
    const [first, second] = [...root.querySelectorAll("li")];
    expect(v.orderIdx).toBe(1);
    expect(first!.className).toBe("gh-done");
    expect(first!.querySelector(".gh-done-mark")!.textContent).toBe("✓");
    expect(first!.querySelector(".gh-done-mark")!.getAttribute("aria-hidden")).toBe("true");
    expect(first!.textContent).toContain(`${v.names[v.order[0]!]}`);
    expect(first!.querySelector(".sr-only")!.textContent).toBe(", has acted");
    expect(first!.querySelector("s, del")).toBeNull();
    expect(second!.className).toBe("gh-now");
    expect(second!.querySelector(".gh-done-mark")).toBeNull();
  });
});

describe("the TV's cards on offer", () => {
  const cells = () => [...root.querySelectorAll('[data-testid="tv-offer"] li:not(.gh-offer-sizer)')];

  it("keeps nine cells, a place left empty shown as empty", () => {
    act(() => render(<TvOffer v={{ ...v, shipDisplay: [5, 10, -1] }} />, root));
    const all = cells();
    expect(all).toHaveLength(9);
    expect(all[2]!.className).toBe("gh-offer-none");
    // Not an "offer-" card: what is on offer is read from those alone.
    expect(all[2]!.getAttribute("data-testid")).toBe("tv-offer-none-ship-2");
    expect(all[2]!.textContent).toBe("No ship left here");
    expect(all[3]!.querySelector('[data-testid="offer-person-0"]')).not.toBeNull();
  });

  it("fills a taken card's cell where it stands: no cell moves", () => {
    act(() => render(<TvOffer v={v} />, root));
    const before = cells();
    // The first Person is taken: the other two slide towards the icon and a new one is drawn.
    act(() => render(<TvOffer v={{ ...v, personDisplay: [14, 22, 7] }} />, root));
    const after = cells();
    expect(after).toHaveLength(9);
    after.forEach((li, i) => expect(li).toBe(before[i]));
    act(() => render(<TvOffer v={{ ...v, personDisplay: [14, 22, -1] }} />, root));
    const dry = cells();
    dry.forEach((li, i) => expect(li).toBe(before[i]));
    expect(dry[5]!.className).toBe("gh-offer-none");
  });

  it("puts each card in its row and column, and a new card is a new face in its cell", () => {
    act(() => render(<TvOffer v={v} />, root));
    const all = cells() as HTMLElement[];
    expect(all.map((li) => `${li.style.gridRow}/${li.style.gridColumn}`)).toEqual(["1/1", "1/2", "1/3", "2/1", "2/2", "2/3", "3/1", "3/2", "3/3"]);
    const face = all[3]!.querySelector('[data-testid="offer-person-0"]');
    act(() => render(<TvOffer v={{ ...v, personDisplay: [14, 22, 7] }} />, root));
    const now = all[3]!.querySelector('[data-testid="offer-person-0"]');
    expect(now).not.toBe(face);
    expect(now!.getAttribute("data-card")).toBe("person-14");
  });

  it("keeps each row at its tallest card's height with every card of its kind, unseen and unread", () => {
    act(() => render(<TvOffer v={v} />, root));
    const sizers = [...root.querySelectorAll<HTMLElement>(".gh-offer-sizer")];
    expect(sizers.map((s) => [s.style.gridRow, s.style.gridColumn, s.getAttribute("aria-hidden")])).toEqual([
      ["1", "1", "true"],
      ["2", "1", "true"],
      ["3", "1", "true"],
    ]);
    expect(sizers.map((s) => s.children.length)).toEqual([SHIPS.length, PEOPLE.length, BUILDINGS.length]);
    // No second copy of a card for a test or a script to find.
    expect(sizers.some((s) => s.querySelector("[data-testid], [data-card]"))).toBe(false);
  });
});

describe("the Automa's panel on the TV", () => {
  const a = v.automa!;
  const docked = { ...v, automa: { ...a, ships: a.ships.map((s, d) => ({ ...s, card: d, where: d === 1 ? 1 : 0, seg: 1 })) } };
  const lines = () => [...root.querySelectorAll('[data-testid="gh-automa"] > *')].map((el) => `${el.tagName} ${el.className}`);

  it("lists its docks on one line and puts its tracks beside its resources", () => {
    act(() => render(<AutomaPanel v={docked} colors={[]} tv />, root));
    expect(root.querySelector('[data-testid="automa-docks"]')!.textContent).toBe(
      `Docks: ${shipName(0)} (docked), ${shipName(1)} (at sea, segment 2), ${shipName(2)} (docked)`,
    );
    expect(root.querySelector(".gh-ships")).toBeNull();
    expect(root.querySelector(".gh-res")!.textContent).toContain("Tracks");
  });

  it("keeps the same lines while its turn is told beside it, the next card left blank", () => {
    act(() => render(<AutomaPanel v={docked} colors={[]} tv />, root));
    const before = lines();
    expect(root.querySelector('[data-testid="automa-next"]')!.textContent).not.toBe("");
    act(() => render(<AutomaPanel v={docked} colors={[]} tv brief />, root));
    expect(lines()).toEqual(before);
    expect(root.querySelector('[data-testid="automa-next"]')!.textContent).toBe("");
  });

  it("keeps the same lines once its deck is spent", () => {
    act(() => render(<AutomaPanel v={docked} colors={[]} tv />, root));
    const before = lines();
    const spent = { ...docked, automa: { ...docked.automa!, deckN: 0 } };
    act(() => render(<AutomaPanel v={spent} colors={[]} tv />, root));
    expect(lines()).toEqual(before);
  });

  it("shows each docked ship's card on the other screens", () => {
    act(() => render(<AutomaPanel v={docked} colors={[]} />, root));
    expect(root.querySelectorAll('.gh-ships [data-testid^="dock-"]')).toHaveLength(3);
    expect(root.querySelector('[data-testid="automa-docks"]')).toBeNull();
    expect(root.querySelector(".gh-res")!.textContent).not.toContain("Tracks");
  });
});
