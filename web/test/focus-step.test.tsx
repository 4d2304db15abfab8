// @vitest-environment happy-dom
// A decision taken in steps on the page (The Great Harbor's die, slot, split,
// Place): each step puts the focus on the first control of the next, and
// focus the person put outside the play screen is left alone.

import { render } from "preact";
import { useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { useFocusStep } from "../src/components/usePlay";
import { freshRoot } from "./root";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

/** Steps is a decision of three steps: a die, then a slot, then Place. */
function Steps() {
  const [die, setDie] = useState<number | null>(null);
  const [slot, setSlot] = useState<number | null>(null);
  useFocusStep(`${die}/${slot}`, () => root.querySelector<HTMLElement>(die === null ? "#none" : slot === null ? "[data-slot]" : "#place"));
  return (
    <div class="play">
      <button type="button" id="die" onClick={() => setDie(3)}>
        red 3
      </button>
      {die !== null ? (
        <button type="button" data-slot="5" onClick={() => setSlot(5)}>
          slot 5
        </button>
      ) : null}
      {slot !== null ? (
        <button type="button" id="place">
          Place
        </button>
      ) : null}
    </div>
  );
}

describe("useFocusStep", () => {
  it("puts the focus on each next step's first control", async () => {
    await act(() => render(<Steps />, root));
    const die = root.querySelector<HTMLElement>("#die")!;
    die.focus();
    await act(() => die.click());
    expect(document.activeElement?.getAttribute("data-slot")).toBe("5");
    await act(() => (document.activeElement as HTMLElement).click());
    expect(document.activeElement?.id).toBe("place");
  });

  it("leaves focus the person put outside the play screen", async () => {
    const chat = document.createElement("input");
    document.body.appendChild(chat);
    await act(() => render(<Steps />, root));
    chat.focus();
    await act(() => root.querySelector<HTMLElement>("#die")!.click());
    expect(document.activeElement).toBe(chat);
    chat.remove();
  });
});
