// @vitest-environment happy-dom
// Harborfall's players on the TV: when an offer opens, each row's answer
// takes the place of its figures as a new line of its own, and the bonus
// line under a player's name stays the node it was. (Drawn in the bonus
// line's node, the answer would jump from under the name to the figures'
// column, a layout shift on every offer.)

import { render } from "preact";
import { expect, it } from "vitest";
import { freshRoot } from "./root";
import { PlayersPanel } from "../src/games/harborfall/Panels";
import { decodeView } from "../src/games/harborfall/view";
import sample from "./harborfall-view.json";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

it("keeps a row's bonus line in place when an offer's answers replace the figures", () => {
  const withOffer = { ...decodeView(sample.offerView), longestRoad: 1 };
  const without = { ...withOffer, offer: null };
  const colors = ["#c33", "#36c", "#3a3", "#cc3"];
  render(<PlayersPanel view={without} colors={colors} me={-1} big />, root);
  const row = root.querySelector('[data-testid="player-1"]')!;
  const bonus = row.querySelector(".hf-bonus");
  const figures = row.querySelector(".player-figures");
  expect(bonus?.textContent).toBe("Longest road +2");
  expect(figures).not.toBeNull();

  render(<PlayersPanel view={withOffer} colors={colors} me={-1} big />, root);
  expect(row.querySelector(".player-figures")).toBeNull();
  const answer = row.querySelector('[data-testid="answer-1"]');
  expect(answer).not.toBeNull();
  expect(answer).not.toBe(bonus);
  expect(row.querySelector(".hf-bonus")).toBe(bonus);

  // And back: the figures come back as a new list, the bonus line still the same node.
  render(<PlayersPanel view={without} colors={colors} me={-1} big />, root);
  expect(row.querySelector('[data-testid="answer-1"]')).toBeNull();
  expect(row.querySelector(".hf-bonus")).toBe(bonus);
});
