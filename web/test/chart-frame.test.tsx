// @vitest-environment happy-dom
// The end-of-game charts are drawn in screen pixels: a chart shown 290 px
// wide (a 320 px phone) has a viewBox 290 wide, so its 12 px labels are 12
// px on screen; the labels under the axis that would run into each other
// are left out; the top label stands inside the drawing.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { axisPad, drawnSize, footLine, MIN_HEIGHT, middle, spreadTicks, textWidth } from "../src/components/chartFrame";
import { SeatChart, type ChartLine } from "../src/components/SeatChart";
import { freshRoot } from "./root";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

describe("drawnSize", () => {
  it("draws one unit a pixel, so a label keeps its CSS size on screen", () => {
    for (const shown of [290, 360, 720]) {
      const d = drawnSize(shown, 640, 300, 12);
      expect(d.width).toBe(shown);
      // the screen scale of the drawing's text, as a browser works it out from the viewBox
      expect((12 * shown) / d.width).toBe(12);
    }
  });

  it("keeps a phone's chart tall enough for its lines, and the TV's in its own proportions", () => {
    expect(drawnSize(290, 640, 300, 12).height).toBe(MIN_HEIGHT);
    expect(drawnSize(720, 780, 220, 22).height).toBe(203);
    expect(drawnSize(200, 360, 150, 12).height).toBe(150);
  });

  it("uses the chart's own size until it is measured", () => {
    expect(drawnSize(null, 640, 300, 12)).toEqual({ width: 640, height: 300, font: 12 });
  });
});

describe("axisPad", () => {
  for (const font of [12, 22]) {
    it(`gives the top and bottom labels room at ${font} px`, () => {
      const pad = axisPad(font, ["0", "1,600"], "12");
      // a label centered on the top grid line reaches about 0.65 em above it (its ascent above the baseline, less 0.35 em)
      expect(middle(pad.t, font) - font * 0.95).toBeGreaterThanOrEqual(2);
      // a bottom label's top lies below the plot, its foot inside the drawing
      const h = 200;
      expect(footLine(h, font) - font * 0.95).toBeGreaterThan(h - pad.b);
      expect(footLine(h, font) + font * 0.25).toBeLessThanOrEqual(h);
      expect(pad.l).toBeGreaterThanOrEqual(textWidth("1,600", font) + 6);
      expect(pad.r).toBeGreaterThanOrEqual(textWidth("12", font) / 2);
    });
  }
});

describe("spreadTicks", () => {
  const rounds = Array.from({ length: 31 }, (_, r) => ({ x: r, text: String(r) }));
  const at = (w: number) => (t: { x: number }) => (t.x * w) / 30;

  it("keeps every label where there is room", () => {
    expect(spreadTicks(rounds, at(3000), 12)).toHaveLength(31);
  });

  it("leaves out labels that would touch on a phone, keeping the first and the last", () => {
    const x = at(240);
    const kept = spreadTicks(rounds, x, 12);
    expect(kept.length).toBeLessThan(31);
    expect(kept[0]?.text).toBe("0");
    expect(kept[kept.length - 1]?.text).toBe("30");
    // evenly: every kept label but the last is a whole number of steps from the first
    const step = Number(kept[1]?.text);
    expect(kept.slice(0, -1).every((t) => Number(t.text) % step === 0)).toBe(true);
    for (let i = 1; i < kept.length; i++) {
      const a = kept[i - 1]!;
      const b = kept[i]!;
      expect(x(b) - textWidth(b.text, 12) / 2).toBeGreaterThanOrEqual(x(a) + textWidth(a.text, 12) / 2 + 8);
    }
  });
});

it("keeps The Great Harbor's rounds evenly on a phone", () => {
  const rounds = ["start", "R1", "R2", "R3", "R4", "R5", "final"].map((text, i) => ({ i, text }));
  // a 320 px phone gives the plot some 180 px: 30 px a round
  const kept = spreadTicks(rounds, (t) => 40 + (t.i * 180) / 6, 12).map((t) => t.text);
  expect(kept).toEqual(["start", "R2", "R4", "final"]);
});

describe("SeatChart", () => {
  const lines: ChartLine[] = [
    { name: "Ana", fill: "#d32f2f", shape: "circle", badge: null },
    { name: "Bo", fill: "#1d6fd1", shape: "square", badge: null },
  ];
  const rows = Array.from({ length: 21 }, (_, r) => [r * 50, r * 40]);
  const draw = () =>
    render(
      <SeatChart
        caption="Net worth"
        label="Chart"
        rows={rows}
        lines={lines}
        xTicks={rows.map((_, r) => ({ x: r, text: String(r) }))}
        yTicks={[0, 500, 1000].map((v) => ({ value: v, text: String(v) }))}
        max={1000}
        width={640}
        height={300}
        tableCaption="Net worth after each round"
        xHeading="Round"
        rowLabel={(r) => r}
      />,
      root,
    );

  const shownAs = (w: number) => {
    const proto = window.SVGElement.prototype as unknown as { getBoundingClientRect: () => DOMRect };
    const was = proto.getBoundingClientRect;
    proto.getBoundingClientRect = () => ({ width: w, height: 0, x: 0, y: 0, top: 0, left: 0, right: w, bottom: 0, toJSON: () => ({}) }) as DOMRect;
    return () => {
      proto.getBoundingClientRect = was;
    };
  };
  let restore = () => {};
  afterEach(() => restore());

  it("matches its viewBox to the width it is shown at, and thins the round numbers to fit", async () => {
    restore = shownAs(290);
    await act(() => draw());
    const svg = root.querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe(`0 0 290 ${MIN_HEIGHT}`);
    const under = [...svg.querySelectorAll("text")].filter((t) => t.getAttribute("text-anchor") === "middle").map((t) => t.textContent);
    expect(under[0]).toBe("0");
    expect(under[under.length - 1]).toBe("20");
    expect(under.length).toBeLessThan(21);
    // the screen reader's table keeps every round
    expect(root.querySelectorAll("tbody tr")).toHaveLength(21);
  });

  it("shows every round where the chart is wide", async () => {
    restore = shownAs(1200);
    await act(() => draw());
    const svg = root.querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe("0 0 1200 563");
    expect([...svg.querySelectorAll("text")].filter((t) => t.getAttribute("text-anchor") === "middle")).toHaveLength(21);
  });
});
