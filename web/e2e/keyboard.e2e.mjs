// Every game by keyboard alone: from a fixed seed, each game is opened until
// the table waits on the person's seat, the page is loaded afresh, and the
// first legal move is made with key presses only (no click). The first Tab
// stop is "Skip to your move"; Enter on it puts the focus on the first control
// of the decision, and Enter there makes the move: three presses in all. The
// Tab presses the same move takes without the skip link are counted too and
// bounded, so a board's disabled or idle parts cannot creep back into the Tab
// order (the boards are one Tab stop each, with the arrow keys inside).
//
// On the laptop the person then plays on by keyboard: after each of their
// moves the focus must rest on the next move (the turn goes on) or the turn
// line (it passed), and come to the next move when the turn comes back, so
// each later move is one Enter, or one a step where the page takes the move
// in steps (The Great Harbor's die, slot, split and Place, each step putting
// the focus on the next); the presses are counted by kind of move. The
// play screen's live regions are recorded as they change: nothing is said as
// the page opens, a move the person makes while their turn goes on is said
// before the next key, every announcement says something, there is at most one
// a version, "Your turn" is said assertively only after others' moves were
// said, and the last announcement says the newest line of the log.

import { fail, LAPTOP, log, PHONE, setStep, shot, until, watchErrors } from "./lib.mjs";
import { openTable, serverState } from "./harborfall-lib.mjs";

/**
 * The games played: the control the first legal move starts from (a selector),
 * at most how many Tab presses from the page's load reach one of them, and
 * how many computer players join the person (the fewest the game takes),
 * the controls the person's later moves are made on (next), and how many of
 * them are played after the first (moves: the fixed seed's games reach no
 * other kind of decision within them).
 */
const GAMES = [
  {
    game: "greatharbor",
    first: '[data-testid="gh-action"] button:not([disabled])',
    tabs: 8,
    next: '[data-testid="gh-action"] button[data-move], [data-testid^="my-die-"], svg.gh-harbor [data-slot], .gh-splits [role="radio"], [data-testid="place-confirm"]',
    moves: 3,
  },
  {
    game: "harborfall",
    first: "svg.hf-board [data-corner]",
    tabs: 6,
    bots: 2,
    next: 'svg.hf-board :is([data-corner], [data-edge]), button[data-move="roll"]',
    moves: 4,
  },
  { game: "holdings", first: ".action-bar button:not([disabled])", tabs: 11, next: ".action-bar button[data-move]", moves: 6 },
  { game: "neko", first: '[data-testid="draft"] button[data-first]:not([disabled])', tabs: 8, next: "[data-decision] button[data-first]", moves: 3 },
];

/** MAX_KEYS bounds the presses from the page's load to the first move made: Tab, Enter on the skip link, Enter on the move. */
const MAX_KEYS = 5;

/**
 * where describes the focused element: whether it matches a selector (the
 * game's first or next control), whether it carries a step's tag, and what it
 * is, with the version the page shows, all read at one instant: read apart, a
 * frame arriving between the reads would pair the old version with the focus
 * the new one brought, and a move look like a step.
 */
const where = (page, first, tag = "") =>
  page.evaluate(
    ([first, tag]) => {
      const version = document.querySelector(".play")?.getAttribute("data-version") ?? "";
      const el = document.activeElement;
      if (!el || el === document.body) return { version, legal: false, skip: false, tagged: false, what: "the page's body" };
      return {
        version,
        legal: el.matches(first),
        skip: el.matches("[data-testid='skip-link']"),
        tagged: tag !== "" && el.getAttribute("data-kb-step") === tag,
        visible: el.getBoundingClientRect().width > 20,
        what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 60)}"`,
      };
    },
    [first, tag],
  );

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
    for (const g of GAMES) await firstMove(ctx, page, device, { bots: 1, ...g });
  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
}

/** firstMove opens a table of the game and reaches its first legal move from the keyboard, making it on a laptop. */
async function firstMove({ base }, page, device, { game, first, tabs, bots, next, moves }) {
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
  if (device === "laptop") await recordSaid(page);
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
  await playOn(page, path, { game, next, moves, from: Number(before) });
}

/** recordSaid keeps in the page every text its two live regions are given, in order. */
const recordSaid = (page) =>
  page.evaluate(() => {
    window.__said = [];
    for (const kind of ["polite", "assertive"]) {
      const el = document.querySelector(`[data-testid="announce-${kind}"]`);
      new MutationObserver(() => {
        const text = el.textContent.trim();
        if (text) window.__said.push({ kind, text });
      }).observe(el, { childList: true, subtree: true, characterData: true });
    }
  });

/** words are a text's letters and digits, in lower case, for comparing a log line with what was said of it. */
const words = (t) =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** newestLine is the newest line of the page's log. */
const newestLine = (page) => page.locator(".play-side .log-lines li").first().textContent();

/**
 * playOn plays the person's next moves by keyboard alone: each must find the
 * focus on a move (next) once the page shows the server's version and the
 * table waits on the person, so Enter makes it (an Enter a step, where the
 * page takes the move in steps, each step putting the focus on the next). It
 * counts the presses by kind of move and checks the announcements (see the
 * top comment).
 */
async function playOn(page, path, { game, next, moves, from }) {
  const presses = {};
  for (let k = 0; k < moves; k++) {
    setStep(`${game}: the person's move ${k + 2} by keyboard`);
    let focused = "";
    const at = await until(`${game}: the focus on the person's next move`, async () => {
      const s = await serverState(page, path);
      if (!s.actors?.includes(s.seat)) return false;
      const w = await where(page, next);
      if (String(s.v) !== w.version) return false;
      focused = w.what;
      return w.legal ? { v: s.v, what: w.what } : false;
    }).catch((e) => fail(`${e.message}; the focus is on ${focused}`));
    // A move taken in steps on the page (The Great Harbor's die, slot, split, Place) is an Enter a step,
    // each step putting the focus on the next; the presses are counted until the move is made.
    let kind = "";
    let keys = 0;
    for (;;) {
      const tag = `${k}-${keys}`;
      kind = await page.evaluate((tag) => {
        const el = document.activeElement;
        el.setAttribute("data-kb-step", tag);
        return (
          el.getAttribute("data-move")?.split(/[:\s]/)[0] ||
          (el.hasAttribute("data-corner")
            ? "corner"
            : el.hasAttribute("data-edge")
              ? "edge"
              : el.getAttribute("data-testid") === "place-confirm"
                ? "place"
                : "move")
        );
      }, tag);
      await page.keyboard.press("Enter");
      keys++;
      const moved = await until(`${game}: the move or its next step after Enter on ${at.what}`, async () => {
        const w = await where(page, next, tag);
        if (Number(w.version) > at.v) return "move";
        return w.legal && !w.tagged ? "step" : false;
      });
      if (moved === "move") break;
      if (keys >= MAX_KEYS) fail(`${game}: ${keys} Enter presses and the move is not made; the focus is on ${(await where(page, next)).what}`);
    }
    presses[kind] = [...(presses[kind] ?? []), keys];
    const s = await serverState(page, path);
    if (s.actors?.includes(s.seat) && String(s.v) === String(at.v + 1)) {
      // The turn goes on and nothing else moved: the move is said before the next key.
      const line = words(await newestLine(page));
      await until(`${game}: the move after ${at.what} said`, async () => {
        const said = await page.evaluate(() => window.__said.filter((x) => x.kind === "polite").map((x) => x.text));
        return said.length > 0 && words(said[said.length - 1]).includes(line);
      });
    }
  }
  const last = words(await newestLine(page));
  await until(`${game}: the newest line of the log said`, async () => {
    const said = await page.evaluate(() => window.__said.filter((x) => x.kind === "polite").map((x) => x.text));
    return said.length > 0 && words(said[said.length - 1]).includes(last);
  });
  const said = await page.evaluate(() => window.__said);
  const versions = Number(await version(page)) - from;
  const polite = said.filter((x) => x.kind === "polite");
  if (polite.length > versions) fail(`${game}: ${polite.length} announcements for ${versions} versions: ${JSON.stringify(said)}`);
  if (said.some((x) => !x.text)) fail(`${game}: an empty announcement`);
  said.forEach((x, i) => {
    if (x.kind !== "assertive") return;
    if (!x.text.startsWith("Your turn.")) fail(`${game}: the assertive announcement "${x.text}" is not the turn coming to the person`);
    const prev = said.slice(0, i).findLast((y) => y.kind === "assertive");
    const between = said.slice(prev ? said.indexOf(prev) + 1 : 0, i).some((y) => y.kind === "polite");
    if (!between) fail(`${game}: "Your turn" said again with no move said between: ${JSON.stringify(said)}`);
  });
  const counts = Object.entries(presses).map(([kind, n]) => `${kind} ${n.join(", ")}`);
  log(`${game} (laptop): key presses of each later move, by kind: ${counts.join("; ")}; said: ${JSON.stringify(said)}`);
}
