// @vitest-environment happy-dom
// Harborfall's board while the robber is moved: every hex it may go to is a
// button, and axe-core's label-content-name-mismatch (switched on in the
// browser scenarios' audit) must find each button's visible text, the
// terrain and the number drawn on it, in its accessible name.

import axe from "axe-core";
import { render } from "preact";
import { expect, it } from "vitest";
import { freshRoot } from "./root";
import { Board } from "../src/games/harborfall/Board";
import { spots } from "../src/games/harborfall/moves";
import { decodeView } from "../src/games/harborfall/view";
import type { Move } from "../src/protocol";
import sample from "./harborfall-view.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

// happy-dom draws nothing: the rule's test for icon fonts gets a canvas that
// is never asked to draw, and is told every font draws letters.
HTMLCanvasElement.prototype.getContext = (() => ({ canvas: {} })) as never;
axe.configure({ checks: [{ id: "label-content-name-mismatch", options: { occurrenceThreshold: 0 } }] });

it("names every hex the robber may go to with the text drawn on it", async () => {
  const view = { ...decodeView(sample.view), phase: "robber" };
  const legal: Move[] = view.terrain.map((_, h) => ({ type: "robber", at: h })).filter((m) => m.at !== view.robber);
  render(<Board view={view} colors={[]} spots={spots(legal)} onSpot={() => {}} label="Board" />, root);
  const buttons = root.querySelectorAll('[data-hex][role="button"]');
  expect(buttons).toHaveLength(legal.length);
  expect(buttons[0]?.textContent).toMatch(/^[a-z]+ \d+$/);
  const r = await axe.run(root, { runOnly: ["label-content-name-mismatch"] });
  const found = (rs: axe.Result[]) => rs.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`));
  expect(found(r.violations)).toEqual([]);
  expect(found(r.incomplete)).toEqual([]);
  // The rule looked at every button whose text is a number (the desert shows only its name).
  expect(r.passes[0]?.nodes.length).toBeGreaterThanOrEqual(legal.length - 1);
});
