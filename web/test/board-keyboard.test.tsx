// @vitest-environment happy-dom
// The boards are one Tab stop each (a roving tab index): Harborfall's island
// over the spots the turn names, The Great Harbor's nine tiles; the arrow keys
// move the stop and the focus, Enter chooses, and a slot the turn cannot use
// is no Tab stop while a screen reader still reads it.

import { render } from "preact";
import { act } from "preact/test-utils";
import { useState } from "preact/hooks";
import { expect, it } from "vitest";
import { freshRoot } from "./root";
import { Board } from "../src/games/harborfall/Board";
import { spots } from "../src/games/harborfall/moves";
import { decodeView } from "../src/games/harborfall/view";
import { Harbor } from "../src/games/greatharbor/Harbor";
import { decodeView as decodeGreatHarbor } from "../src/games/greatharbor/view";
import type { Move } from "../src/protocol";
import sample from "./harborfall-view.json";
import ghSample from "./greatharbor-view.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const stops = () => Array.from(root.querySelectorAll<SVGElement>('[tabindex="0"]'));
/** stopsOf lists the Tab stops among the places with the attribute, by its value. */
const stopsOf = (attr: string) => stops().flatMap((el) => (el.hasAttribute(attr) ? [el.getAttribute(attr)] : []));
/** press sends a key to an element and lets the board draw what it changed. */
const press = (el: Element, key: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });

it("makes Harborfall's island one Tab stop over the corners a settlement may take", () => {
  const view = { ...decodeView(sample.view), phase: "setup" };
  const free = view.owner.flatMap((o, c) => (o < 0 ? [c] : [])).slice(0, 12);
  const legal: Move[] = free.map((c) => ({ type: "settlement", at: c }));
  const chosen: number[] = [];
  render(<Board view={view} colors={[]} spots={spots(legal)} onSpot={(s) => chosen.push(s.at)} label="Board" />, root);
  expect(root.querySelectorAll("[data-corner]")).toHaveLength(free.length);
  // Nineteen hexes and twelve corners, one stop: the first corner.
  const first = stops();
  expect(first).toHaveLength(1);
  expect(first[0]!.getAttribute("data-corner")).toBe(String(free[0]));
  // The hexes are still read, as images, off the Tab order.
  expect(root.querySelectorAll('[data-hex][role="img"]:not([tabindex])')).toHaveLength(19);
  first[0]!.focus();
  press(first[0]!, "End");
  const last = root.querySelector(`[data-corner="${free.at(-1)}"]`)!;
  expect(document.activeElement).toBe(last);
  expect(stops()).toEqual([last]);
  press(last, "Enter");
  expect(chosen).toEqual([free.at(-1)]);
});

it("lets the island be read hex by hex from one Tab stop when no move names a place on it", () => {
  render(<Board view={decodeView(sample.view)} colors={[]} label="The island" />, root);
  const first = stops();
  expect(first.map((el) => el.getAttribute("data-hex"))).toEqual(["0"]);
  first[0]!.focus();
  press(first[0]!, "ArrowRight");
  const now = document.activeElement!;
  expect(now.getAttribute("data-hex")).not.toBe("0");
  expect(stops()).toEqual([now]);
});

/** GreatHarbor draws the Harbor as the play screen does, keeping the tiles' stop. */
function GreatHarbor({ open }: { open: number[] }) {
  const [stop, setStop] = useState(0);
  return <Harbor view={decodeGreatHarbor(ghSample.view)} colors={[]} open={open} onSlot={() => {}} tileStop={stop} onTileStop={setStop} label="The Harbor" />;
}

it("makes The Great Harbor's tiles one Tab stop and its closed slots none", () => {
  render(<GreatHarbor open={[3, 7]} />, root);
  const tiles = stops().filter((el) => el.hasAttribute("data-cell"));
  expect(stopsOf("data-cell")).toEqual(["0"]);
  expect(stopsOf("data-slot")).toEqual(["3", "7"]);
  // A closed slot keeps its button role and says it cannot be used.
  const closed = root.querySelector('[data-slot="0"]')!;
  expect(closed.getAttribute("tabindex")).toBe("-1");
  expect(closed.getAttribute("aria-disabled")).toBe("true");
  tiles[0]!.focus();
  press(tiles[0]!, "ArrowDown");
  expect(document.activeElement?.getAttribute("data-cell")).toBe("3");
  expect(stopsOf("data-cell")).toEqual(["3"]);
});
