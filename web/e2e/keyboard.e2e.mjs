// Every game by keyboard alone: from a fixed seed, each game is opened until
// the table waits on the person's seat, the page is loaded afresh, and the
// first legal move is made with key presses only (no click). The first Tab
// stop is "Skip to your move"; Enter on it puts the focus on the first control
// of the decision, and Enter there makes the move: three presses in all. The
// Tab presses the same move takes without the skip link are counted too and
// bounded, so a board's disabled or idle parts cannot creep back into the Tab
// order (the boards are one Tab stop each, with the arrow keys inside).

import { fail, LAPTOP, log, PHONE, setStep, shot, until, watchErrors } from "./lib.mjs";
import { openTable, serverState } from "./harborfall-lib.mjs";

/**
 * The games played: the control the first legal move starts from (a selector),
 * at most how many Tab presses from the page's load reach one of them, and
 * how many computer players join the person (the fewest the game takes).
 */
const GAMES = [
  { game: "greatharbor", first: '[data-testid="gh-action"] button:not([disabled])', tabs: 8 },
  { game: "harborfall", first: "svg.hf-board [data-corner]", tabs: 6, bots: 2 },
  { game: "holdings", first: ".action-bar button:not([disabled])", tabs: 11 },
];

/** MAX_KEYS bounds the presses from the page's load to the first move made: Tab, Enter on the skip link, Enter on the move. */
const MAX_KEYS = 5;

/** where describes the focused element: whether it matches the game's first control, and what it is. */
const where = (page, first) =>
  page.evaluate((first) => {
    const el = document.activeElement;
    if (!el || el === document.body) return { legal: false, skip: false, what: "the page's body" };
    return {
      legal: el.matches(first),
      skip: el.matches("[data-testid='skip-link']"),
      visible: el.getBoundingClientRect().width > 20,
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 60)}"`,
    };
  }, first);

const version = (page) => page.locator(".play").evaluate((el) => el.getAttribute("data-version"));

export default async function scenario(ctx) {
  const laptop = await ctx.newPage(LAPTOP);
  const phone = await ctx.newPage(PHONE);
  const errors = watchErrors({ laptop, phone });
  // The phone reaches the move as the laptop does; the laptop makes it (a phone confirms a placement first).
  for (const [page, device] of [
    [phone, "phone"],
    [laptop, "laptop"],
  ])
    for (const { game, first, tabs, bots = 1 } of GAMES) await firstMove(ctx, page, device, { game, first, tabs, bots });
  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
}

/** firstMove opens a table of the game and reaches its first legal move from the keyboard, making it on a laptop. */
async function firstMove({ base }, page, device, { game, first, tabs, bots }) {
  setStep(`${game} (${device}): open a table and wait for the person's turn`);
  const table = await openTable(base, page, [], { names: ["Ana"], bots, turnSeconds: 600, game });
  const path = `/ws?table=${table.id}`;
  await until(`${game}: Ana's turn`, async () => {
    const s = await serverState(page, path);
    return s.actors?.includes(s.seat);
  });

  setStep(`${game} (${device}): Tab from the page's load to the first legal move, without the skip link`);
  await page.reload();
  await page.locator(first).first().waitFor();
  let presses = 0;
  for (; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if ((await where(page, first)).legal) break;
  }
  log(`${game} (${device}): ${presses + 1} Tab presses from the page's load to the first legal move`);
  if (presses + 1 > tabs) fail(`${game} (${device}): ${presses + 1} Tab presses reach the first legal move, want at most ${tabs}`);

  setStep(`${game} (${device}): the skip link, then the move`);
  await page.reload();
  await page.locator(first).first().waitFor();
  const before = await version(page);
  let keys = 0;
  const press = async (key) => {
    keys++;
    await page.keyboard.press(key);
  };
  await press("Tab");
  const skip = await where(page, first);
  if (!skip.skip) fail(`${game} (${device}): the first Tab stop is ${skip.what}, not the skip link`);
  if (!skip.visible) fail(`${game} (${device}): the skip link is not shown when it has the focus`);
  await shot(page, `${game}-${device}-skip-link`);
  await press("Enter");
  const target = await where(page, first);
  if (!target.legal) fail(`${game} (${device}): the skip link took the focus to ${target.what}, not to the first legal move`);
  log(`${game} (${device}): the skip link goes to ${target.what}`);
  if (device === "phone") return;
  await press("Enter");
  await until(`${game}: the move from the keyboard`, async () => (await version(page)) !== before);
  if (keys > MAX_KEYS) fail(`${game} (${device}): ${keys} key presses made the first move, want at most ${MAX_KEYS}`);
  log(`${game} (${device}): the first move made in ${keys} key presses`);
}
