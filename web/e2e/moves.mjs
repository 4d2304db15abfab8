// How a person makes one plain move through the page, in each game with
// screens, by game id: a scenario that needs people to play their own turns
// takes it from here. Each step acts only where the page offers a move and
// says whether it made one.

import { act as ghAct } from "./greatharbor.lib.mjs";
import { tryStep as hfStep } from "./harborfall-lib.mjs";
import { holdingsTurn } from "./lib.mjs";
import { step as nekoStep } from "./neko.mjs";

export const personStep = {
  holdings: (p) => holdingsTurn(p, ["buy", "roll", "end"]),
  harborfall: (p) => hfStep(p),
  greatharbor: (p) => ghAct(p),
  neko: (p) => nekoStep(p),
};

/** myTurn says whether the page waits on its person: only then does it offer a hint. */
export const myTurn = async (page) => (await page.getByTestId("hint-box").count()) > 0;
