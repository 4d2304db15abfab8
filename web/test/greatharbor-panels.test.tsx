// @vitest-environment happy-dom
// The turn order's chips: who has acted reads whole, with a check mark.
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { OrderLine } from "../src/games/greatharbor/Panels";
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
