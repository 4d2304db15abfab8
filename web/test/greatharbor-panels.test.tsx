// @vitest-environment happy-dom
// The turn order's chips (who has acted reads whole, with a check mark) and
// the TV's cards on offer (a place left empty keeps its cell, so the other
// cards hold still).
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { freshRoot } from "./root";
import { OrderLine, TvOffer } from "../src/games/greatharbor/Panels";
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
  const cells = () => [...root.querySelectorAll('[data-testid="tv-offer"] li')];

  it("keeps nine cells, a place left empty shown as empty", () => {
    act(() => render(<TvOffer v={{ ...v, shipDisplay: [5, 10, -1] }} />, root));
    const all = cells();
    expect(all).toHaveLength(9);
    expect(all[2]!.className).toBe("gh-offer-none");
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
});
