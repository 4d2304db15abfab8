// @vitest-environment happy-dom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { freshRoot } from "./root";
import { automaLines, AutomaTurnPanel, MOST_STEPS, STEP_MS } from "../src/games/greatharbor/AutomaTurn";
import { decodeView, type AutomaTurn } from "../src/games/greatharbor/view";
import fixture from "./greatharbor-view.json";
import longest from "./greatharbor-longest-automa.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

/** The fixture's table in the draft, with the longest Automa turn the rules allow as its latest. */
const view = () => {
  const v = decodeView({ ...fixture.view, phase: "draft" });
  v.automa!.last = longest as AutomaTurn;
  return v;
};

const steps = () => [...root.querySelectorAll<HTMLLIElement>('[data-testid^="automa-step-"]')];

describe("the longest Automa turn", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("has MOST_STEPS steps, each with a reason in full and in a few words", () => {
    const lines = automaLines(view(), longest as AutomaTurn);
    expect(lines).toHaveLength(MOST_STEPS);
    expect(lines[4]!.text).toBe("Sets aside 5 more cards");
    for (const l of lines) {
      expect(l.why).toMatch(/\.$/);
      expect(l.short.length).toBeGreaterThan(0);
      expect(l.short.length).toBeLessThan(32);
    }
  });

  it("lists every step on the TV: the cards set aside on one line, the other older ones with the short reason, the newest in full", () => {
    const v = view();
    const lines = automaLines(v, v.automa!.last!);
    act(() => render(<AutomaTurnPanel v={v} tv />, root));
    expect(steps()).toHaveLength(1);
    expect(steps()[0]!.textContent).toBe(`${lines[0]!.text} ${lines[0]!.why}`);
    act(() => {
      vi.advanceTimersByTime(STEP_MS);
    });
    expect(steps().map((li) => li.textContent)).toEqual([`${lines[0]!.text}: ${lines[0]!.short}`, `${lines[1]!.text} ${lines[1]!.why}`]);
    act(() => {
      vi.advanceTimersByTime(STEP_MS * MOST_STEPS);
    });
    const rows = steps();
    expect(rows.map((li) => Number(li.dataset.steps)).reduce((a, b) => a + b)).toBe(MOST_STEPS);
    expect(rows[0]!.textContent).toBe("Sets aside 9 cards (Red ▲, Blue ▼, Purple ▲, Red ▼, 5 more): no die left");
    expect(rows[0]!.dataset.steps).toBe("5");
    expect(rows[1]!.value).toBe(6);
    rows.slice(1).forEach((li, k) => {
      const l = lines[5 + k]!;
      const last = k === rows.length - 2;
      expect(li.classList.contains("gh-aturn-brief")).toBe(!last);
      expect(li.textContent).toBe(last ? `${l.text} ${l.why}` : `${l.text}: ${l.short}`);
    });
    expect(root.querySelector('[data-testid="automa-card"]')!.textContent).toContain("Administration Office");
    expect(root.querySelector("button")).toBeNull();
  });

  it("gives every reason in full on the phone", () => {
    const v = view();
    const lines = automaLines(v, v.automa!.last!);
    act(() => render(<AutomaTurnPanel v={v} />, root));
    act(() => {
      vi.advanceTimersByTime(STEP_MS * MOST_STEPS);
    });
    expect(steps().map((li) => li.textContent)).toEqual(lines.map((l) => `${l.text} ${l.why}`));
    expect(root.querySelector(".gh-aturn-brief")).toBeNull();
  });
});
