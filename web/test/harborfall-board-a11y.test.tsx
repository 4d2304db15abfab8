// @vitest-environment happy-dom
// Harborfall's board for screen readers. While the robber is moved every hex
// it may go to is a button, and axe-core's label-content-name-mismatch
// (switched on in the browser scenarios' audit) must find each button's
// visible text, the terrain and the number drawn on it, in its accessible
// name. And every piece on the island is read with its owner and place.

import axe from "axe-core";
import { render } from "preact";
import { expect, it } from "vitest";
import { named } from "./a11y";
import { freshRoot } from "./root";
import { Board } from "../src/games/harborfall/Board";
import { placeNames } from "../src/games/harborfall/geometry";
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

it("names every building, road, harbor and the robber with its owner and place", () => {
  const base = decodeView(sample.view);
  // One settlement made a city, so both kinds are read.
  const cityAt = base.owner.findIndex((o) => o >= 0);
  const view = { ...base, city: base.city.map((c, i) => c || i === cityAt) };
  render(<Board view={view} colors={[]} label="The island" />, root);
  const images = named(root, "img");
  const names = placeNames(view);
  const buildings = view.owner.flatMap((o, c) => (o >= 0 ? [`${view.players[o]!.name}'s ${view.city[c] ? "city" : "settlement"} ${names.corner[c]}`] : []));
  const roads = view.road.flatMap((o, e) => (o >= 0 ? [`${view.players[o]!.name}'s road ${names.edge[e]}`] : []));
  expect(buildings).toHaveLength(8);
  expect(buildings.filter((b) => b.includes("'s city "))).toHaveLength(1);
  expect(roads).toHaveLength(8);
  for (const b of [...buildings, ...roads]) expect(images).toContain(b);
  expect(images).toContain(`The robber, on ${names.hex[view.robber]}`);
  const harbors = images.filter((n) => n.startsWith("Harbor "));
  expect(harbors).toHaveLength(view.harbors.length);
  expect(harbors).toContain(`Harbor 3:1 any, ${names.edge[0]}`);
  expect(harbors).toContain(`Harbor 2:1 ${view.resources[0]}, ${names.edge[18]}`);
  // Every hex is read too, and nothing else on the island is an unnamed image.
  expect(images.filter((n) => n.startsWith("Hex "))).toHaveLength(19);
  expect(images).toHaveLength(19 + buildings.length + roads.length + 1 + view.harbors.length);
});
