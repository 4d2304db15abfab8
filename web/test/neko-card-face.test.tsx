// @vitest-environment happy-dom
// Neko Harbour's card on screen: the small card shows its effect with icons
// and words and its hub; a tap, Enter or Space opens it large in a dialog
// with its rules lines; Escape or Close shuts it and gives the focus back.

import { render } from "preact";
import { act } from "preact/test-utils";
import { useState } from "preact/hooks";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { Card, CardFace, CardLarge } from "../src/games/neko/Cards";
import { CARDS, fullEffect, playRule, timingRule } from "../src/games/neko/cards";

const num = (id: string) => CARDS.findIndex((c) => c.id === id);

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

/** Hand is a card that opens its dialog, as the play screen wires them. */
function Hand({ n }: { n: number }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <Card n={n} onOpen={setOpen} />
      <button type="button" id="elsewhere">
        elsewhere
      </button>
      {open !== null ? <CardLarge n={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const dialog = () => document.querySelector<HTMLElement>('[data-testid="card-dialog"]');

describe("the card face", () => {
  it("draws every card's name, timing, effect with icons and words, and hub", () => {
    for (const c of CARDS) {
      act(() => render(<CardFace n={c.number} />, root));
      const text = root.textContent ?? "";
      expect(text, c.id).toMatch(/hub \d/);
      expect(text, c.id).toContain(c.id);
      expect(root.querySelector(".nk-effect")?.textContent?.trim(), c.id).not.toBe("");
    }
  });

  it("draws icons as a glyph with the word for screen readers", () => {
    act(() => render(<CardFace n={num("P1-23")} />, root));
    const icon = root.querySelector(".nk-effect .nk-ic-coin");
    expect(icon).not.toBeNull();
    expect(icon?.querySelector(".sr-only")?.textContent).toBe("coins");
    expect(root.querySelector(".nk-effect")?.textContent).toContain("+2");
    expect(root.querySelector(".nk-timing")?.textContent).toBe("Once per turn");
  });
});

describe("the large card", () => {
  it("opens on a tap with its rules lines, and Escape gives the focus back to the card", () => {
    const n = num("P1-07");
    act(() => render(<Hand n={n} />, root));
    const card = root.querySelector<HTMLButtonElement>(`[data-card="${n}"]`)!;
    card.focus();
    act(() => card.click());
    const d = dialog();
    expect(d).not.toBeNull();
    expect(d?.tagName).toBe("DIALOG");
    expect((d as HTMLDialogElement).open).toBe(true);
    const heading = document.getElementById(d?.getAttribute("aria-labelledby") ?? "");
    expect(heading?.textContent).toContain("Seaside Town");
    expect(document.activeElement).toBe(heading);
    const text = d?.textContent ?? "";
    expect(text).toContain("Seaside Town");
    expect(text).toContain(fullEffect(n));
    expect(text).toContain(timingRule(n));
    expect(text).toContain(playRule(n));
    expect(text).toContain("hub goes up by 1 and you take 2 fish");
    act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("opens from the keyboard (a card is a button) and its Close button gives the focus back", () => {
    const n = num("P1-01");
    act(() => render(<Hand n={n} />, root));
    const card = root.querySelector<HTMLButtonElement>(`[data-card="${n}"]`)!;
    expect(card.tagName).toBe("BUTTON");
    expect(card.type).toBe("button");
    card.focus();
    act(() => card.click());
    const close = [...(dialog()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Close")!;
    act(() => close.click());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("words a fishing boat's placing and every timing type's rule", () => {
    const boat = CARDS.find((c) => c.kind === "FB")!;
    expect(playRule(boat.number)).toMatch(/^Free to place: a fishing boat becomes a new column/);
    for (const c of CARDS) expect(timingRule(c.number), c.id).toMatch(/\.$/);
  });
});
