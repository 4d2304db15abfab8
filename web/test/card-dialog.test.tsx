// @vitest-environment happy-dom
// The large card both card games open: a modal dialog named by its heading,
// with the game's content and actions; the focus starts on the heading and
// stays inside; Escape, Close and a tap outside close it and give the focus
// back to the card that opened it.

import { render } from "preact";
import { useRef, useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { CardDialog } from "../src/components/CardDialog";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

/** Table is a card that opens the dialog, a control elsewhere on the page, and what the actions did. */
function Table({ actions = true, opener = false, used }: { actions?: boolean; opener?: boolean; used?: string[] }) {
  const [open, setOpen] = useState(false);
  const card = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" id="card" ref={card} onClick={() => setOpen(true)}>
        Seaside Town
      </button>
      <button type="button" id="elsewhere">
        elsewhere
      </button>
      {open ? (
        <CardDialog
          title={<span class="name">Seaside Town</span>}
          class="my-card"
          card="card-7"
          opener={opener ? card : undefined}
          onClose={() => setOpen(false)}
          actions={
            actions
              ? [
                  <button key="play" type="button" onClick={() => used?.push("play")}>
                    Play it
                  </button>,
                  <button key="tuck" type="button" onClick={() => used?.push("tuck")}>
                    Tuck it as a hub
                  </button>,
                ]
              : []
          }
        >
          <p class="effect">Take 2 fish</p>
        </CardDialog>
      ) : null}
    </>
  );
}

const dialog = () => document.querySelector<HTMLDialogElement>('[data-testid="card-dialog"]');
const key = (el: Element | null, k: string, shiftKey = false) =>
  act(() => {
    el!.dispatchEvent(new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }));
  });

/** openFrom focuses the card and clicks it, as a tap or Enter does. */
async function openFrom(): Promise<HTMLButtonElement> {
  const card = root.querySelector<HTMLButtonElement>("#card")!;
  card.focus();
  await act(() => card.click());
  return card;
}

describe("CardDialog", () => {
  it("opens as a modal dialog named by its heading, the focus on the heading", async () => {
    await act(() => render(<Table />, root));
    expect(dialog()).toBeNull();
    await openFrom();
    const d = dialog()!;
    expect(d.tagName).toBe("DIALOG");
    expect(d.open).toBe(true);
    expect(d.getAttribute("data-card")).toBe("card-7");
    const heading = document.getElementById(d.getAttribute("aria-labelledby")!)!;
    expect(heading.tagName).toBe("H2");
    expect(heading.textContent).toBe("Seaside Town");
    expect(document.activeElement).toBe(heading);
    expect(d.querySelector(".my-card .effect")?.textContent).toBe("Take 2 fish");
  });

  it("offers the actions it is given above Close, and each works", async () => {
    const used: string[] = [];
    await act(() => render(<Table used={used} />, root));
    await openFrom();
    const buttons = [...dialog()!.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Play it", "Tuck it as a hub", "Close"]);
    await act(() => buttons[1]!.click());
    expect(used).toEqual(["tuck"]);
  });

  it("draws no actions box when the card offers nothing now", async () => {
    await act(() => render(<Table actions={false} />, root));
    await openFrom();
    expect(dialog()!.querySelector(".card-dialog-actions")).toBeNull();
    expect([...dialog()!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Close"]);
  });

  it("closes on Escape with the focus back on the card", async () => {
    await act(() => render(<Table />, root));
    const card = await openFrom();
    key(document.activeElement, "Escape");
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("closes on the browser's cancel (Escape in a real browser)", async () => {
    await act(() => render(<Table />, root));
    const card = await openFrom();
    await act(() => {
      dialog()!.dispatchEvent(new Event("cancel", { cancelable: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("closes on Close with the focus back on the card that opened it, even when the focus moved first", async () => {
    await act(() => render(<Table opener />, root));
    const card = root.querySelector<HTMLButtonElement>("#card")!;
    // A click that leaves the focus elsewhere (as Safari does): the opener given still gets it back.
    root.querySelector<HTMLButtonElement>("#elsewhere")!.focus();
    await act(() => card.click());
    const close = [...dialog()!.querySelectorAll("button")].find((b) => b.textContent === "Close")!;
    await act(() => close.click());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("closes on a tap outside the card, not on a tap inside it", async () => {
    await act(() => render(<Table />, root));
    const card = await openFrom();
    const tap = (el: Element) =>
      act(() => {
        el.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
        el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      });
    await tap(dialog()!.querySelector(".effect")!);
    expect(dialog()).not.toBeNull();
    // A press inside dragged out to the backdrop (selecting text) does not close it either.
    await act(() => {
      dialog()!
        .querySelector(".effect")!
        .dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      dialog()!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(dialog()).not.toBeNull();
    // The backdrop is the dialog element itself, around the card.
    await tap(dialog()!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it("keeps the focus inside: Tab from Close goes round to the first action, Shift+Tab from the heading to Close", async () => {
    await act(() => render(<Table />, root));
    await openFrom();
    const d = dialog()!;
    const [play, , close] = [...d.querySelectorAll("button")];
    key(document.activeElement, "Tab", true);
    expect(document.activeElement).toBe(close);
    key(close!, "Tab");
    expect(document.activeElement).toBe(play);
    key(play!, "Tab", true);
    expect(document.activeElement).toBe(close);
  });
});
