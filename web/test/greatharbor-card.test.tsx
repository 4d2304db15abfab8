// @vitest-environment happy-dom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import type { Move } from "../src/protocol";
import { ActionPanel, noChoice } from "../src/games/greatharbor/Action";
import { Card, OnTv } from "../src/games/greatharbor/Card";
import { cardWords } from "../src/games/greatharbor/cards";
import { BUILDINGS, PEOPLE, SHIPS } from "../src/games/greatharbor/content";
import { moveLabel } from "../src/games/greatharbor/moves";
import { decodeView, PENDING } from "../src/games/greatharbor/view";
import fixture from "./greatharbor-view.json";

const building = (effect: string) => BUILDINGS.findIndex((b) => b.effect === effect);
const person = (effect: string) => PEOPLE.findIndex((p) => p.effect === effect);

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const show = (node: preact.ComponentChild) => act(() => render(node, root));
const dialog = () => document.querySelector<HTMLDialogElement>('[data-testid="card-dialog"]');
/** spoken is what a screen reader reads for an element: its text, with each drawn figure's name in place of the picture. */
const words = (el: Element): string =>
  [...el.childNodes]
    .map((n) => {
      if (n.nodeType === 3) return n.textContent ?? "";
      const e = n as Element;
      if (e.getAttribute("aria-hidden") === "true") return "";
      if (e.getAttribute("role") === "img") return ` ${e.getAttribute("aria-label")} `;
      return words(e);
    })
    .join("");
/** shown is the text an element shows on screen: no visually hidden words, no hidden marks. */
const shown = (el: Element): string =>
  [...el.childNodes]
    .map((n) => {
      if (n.nodeType === 3) return n.textContent ?? "";
      const e = n as Element;
      return e.getAttribute("aria-hidden") === "true" || e.classList.contains("sr-only") ? " " : ` ${shown(e)} `;
    })
    .join("");
const spoken = (el: Element) => words(el).replace(/\s+/g, " ").replace(/ ,/g, ",").trim();

describe("The Great Harbor's card words", () => {
  it("gives every card a kind line, a cost, and an effect with its rules line", () => {
    const all = [
      ...PEOPLE.map((_, n) => cardWords("person", n)),
      ...BUILDINGS.map((_, n) => cardWords("building", n)),
      ...SHIPS.map((_, n) => cardWords("ship", n)),
    ];
    for (const w of all) {
      expect(w).not.toBeNull();
      expect(w!.name).not.toBe("");
      expect(w!.cost).toHaveLength(4);
      expect(w!.rule, w!.name).toMatch(/^[A-Z].*\.$/);
      // A ship's figures are its effect; every other card says its effect in words.
      if (w!.kindName.endsWith("ship")) expect(w!.figures.map((f) => f.name)).toEqual(["Speed", "Strength", "Cargo", "Hull"]);
      else expect(w!.short, w!.name).not.toBe("");
      // An effect key the words do not know would show as the raw key.
      expect(w!.short).not.toMatch(/_/);
    }
    expect(cardWords("building", 99)).toBeNull();
  });

  it("names the color of the dice a Person turns over", () => {
    const patrician = PEOPLE.findIndex((p) => p.effect === "flip" && p.colour === 0);
    expect(cardWords("person", patrician)!.short).toBe("Flip up to 2 red dice");
    expect(cardWords("person", person("admiral"))!.when).toBe("Voyage");
  });
});

describe("Card", () => {
  it("shows a Building's cost, Prestige and effect on its face", async () => {
    const smithy = building("smithy");
    await show(<Card kind="building" n={smithy} />);
    const face = root.querySelector("button.gh-card")!;
    expect(face.getAttribute("aria-haspopup")).toBe("dialog");
    const text = spoken(face);
    expect(text).toContain("Smithy");
    expect(text).toContain("Smithy, worth 1 Prestige, Building · Game end, Cost 1 Planks 2 Metal,");
    expect(text).toContain("1 Prestige per medium ship");
    expect(text).toContain("Game end");
    expect(dialog()).toBeNull();
  });

  it("shows a ship's figures and a Person's free cost", async () => {
    const ship = 0;
    const s = SHIPS[ship]!;
    await show(
      <>
        <Card kind="ship" n={ship} note="Dock 1: docked" />
        <Card kind="person" n={person("schemer")} />
      </>,
    );
    const [shipFace, personFace] = [...root.querySelectorAll("button.gh-card")];
    const shipText = spoken(shipFace!);
    expect(shipText).toContain(`Speed ${s.speed}, Strength ${s.strength}, Cargo ${s.cargo}, Hull ${s.hull}`);
    expect(shipText).toContain("Dock 1: docked");
    expect(spoken(personFace!)).toContain("Cost free");
    expect(spoken(personFace!)).toContain("Gain 2 Smuggler tokens");
  });

  it("opens large with its rules line in a named dialog, and Escape closes it with the focus back on the card", async () => {
    const crane = building("port_crane");
    await show(<Card kind="building" n={crane} />);
    const face = root.querySelector<HTMLButtonElement>("button.gh-card")!;
    face.focus();
    await act(() => face.click());
    const d = dialog()!;
    expect(d).not.toBeNull();
    expect(d.tagName).toBe("DIALOG");
    expect(d.open).toBe(true);
    const name = document.getElementById(d.getAttribute("aria-labelledby")!);
    expect(name?.textContent).toContain("Port Crane");
    expect(spoken(d.querySelector('[data-testid="card-cost"]')!)).toBe("1 Rope 1 Metal 1 Rope, 1 Metal");
    expect(d.querySelector('[data-testid="card-effect"]')!.textContent).toContain("Move a placed die to an empty slot");
    expect(d.querySelector('[data-testid="card-rule"]')!.textContent).toMatch(/Colonist to work here/);
    expect(document.activeElement).toBe(name);

    await act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(face);
  });

  it("closes with its Close button and offers the actions it is given", async () => {
    let used = 0;
    await show(
      <Card kind="ship" n={3}>
        <button type="button" onClick={() => used++}>
          Launch it
        </button>
      </Card>,
    );
    const face = root.querySelector<HTMLButtonElement>("button.gh-card")!;
    await act(() => face.click());
    const buttons = [...dialog()!.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Launch it", "Close"]);
    expect(dialog()!.querySelector('[data-figure="Hull"]')!.textContent).toBe(String(SHIPS[3]!.hull));
    await act(() => buttons[0]!.click());
    expect(used).toBe(1);
    await act(() => buttons[1]!.click());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(face);
  });

  it("is its face alone on the TV", async () => {
    await show(
      <OnTv.Provider value={true}>
        <Card kind="building" n={0} />
      </OnTv.Provider>,
    );
    expect(root.querySelector("button")).toBeNull();
    expect(root.querySelector(".gh-card-tv")!.textContent).toContain(BUILDINGS[0]!.name);
  });
});

describe("taking a card from the display", () => {
  it("shows each card's face, cost and effect on its own button, named Take and the card", async () => {
    const v = decodeView(fixture.view);
    const smithy = building("smithy");
    const crane = building("port_crane");
    v.buildingDisplay = [smithy, -1, crane];
    v.pending = { kind: PENDING.building, seat: 0, n: 1, colour: 0 };
    const legal: Move[] = [0, 2].map((choice) => ({ type: "pick", choice }));
    const sent: Move[] = [];
    await show(<ActionPanel v={v} me={0} legal={legal} send={(m) => sent.push(m)} busy={false} choice={noChoice} setChoice={() => {}} version={1} />);
    const picks = [...root.querySelectorAll<HTMLButtonElement>('button[data-move="pick"]')];
    expect(picks.map((b) => b.dataset.card)).toEqual([`building-${smithy}`, `building-${crane}`]);
    const names = picks.map(spoken);
    expect(names[0]).toBe("Take Smithy, worth 1 Prestige, Building · Game end, Cost 1 Planks 2 Metal, 1 Prestige per medium ship");
    expect(names[1]).toMatch(/^Take Port Crane, worth \d Prestige, Building · .*Cost 1 Rope 1 Metal, .*Move a placed die to an empty slot/);
    // The words the moves are known by elsewhere (the log, the hint) begin the same way.
    picks.forEach((b, i) => expect(spoken(b)).toContain(moveLabel(legal[i]!, v).replace(/ from the display$/, "")));
    expect(new Set(names).size).toBe(names.length);
    // Every word on the button is in its name, as a screen reader says it.
    for (const b of picks) for (const word of shown(b).split(/\s+/).filter(Boolean)) expect(spoken(b)).toContain(word);
    await act(() => picks[1]!.click());
    expect(sent).toEqual([legal[1]]);
  });

  it("keeps the plain words when the display's place is empty", async () => {
    const v = decodeView(fixture.view);
    v.personDisplay = [-1, -1, -1];
    v.pending = { kind: PENDING.person, seat: 0, n: 1, colour: 0 };
    await show(
      <ActionPanel v={v} me={0} legal={[{ type: "pick", choice: 1 }]} send={() => {}} busy={false} choice={noChoice} setChoice={() => {}} version={1} />,
    );
    const b = root.querySelector<HTMLButtonElement>('button[data-move="pick"]')!;
    expect(b.textContent).toBe("Take card 2 from the display");
    expect(b.classList.contains("gh-pick")).toBe(false);
  });
});
