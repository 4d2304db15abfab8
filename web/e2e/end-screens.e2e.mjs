// Every game's end screen fits a phone: for each game at its most seats,
// the host opens a table, fills it with computer players, hands them its
// own seat too, and once the game is over the end screen must neither
// widen the page nor hide a column in a table that scrolls sideways, and
// every text of it (a chart's labels too) must be at least 12 px on screen,
// on a 390 px and a 320 px phone.

import { everyGame } from "./games.mjs";
import { fail, log, pageApi, PHONE, SMALL_PHONE, setStep, shot, until, watchErrors } from "./lib.mjs";

/**
 * Each game, by id: the options of a short game with everything its end
 * screen can show, and the test id of that end screen. The seats are the
 * game's most. A game the server registers with screens but missing here
 * fails the scenario (games.mjs).
 */
const GAMES = {
  greatharbor: { options: { shops: true }, end: "ranking" },
  harborfall: { options: { turnLimit: 12 }, end: "ranking" },
  holdings: { options: { roundLimit: 2 }, end: "ranking" },
  neko: { options: { extraCards: true, fishingBoats: true, ghostShip: true }, end: "final-scores" },
};

/** sideways lists the elements of the end screen whose content is wider than they are and scrolls or is cut off sideways. */
const sideways = (page, testid) =>
  page.getByTestId(testid).evaluate((root) =>
    [root, ...root.querySelectorAll("*")]
      .filter((el) => {
        const ox = getComputedStyle(el).overflowX;
        return ox !== "visible" && ox !== "clip" && el.scrollWidth > el.clientWidth + 1 && !(el instanceof SVGElement);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${el.scrollWidth}>${el.clientWidth}`),
  );

/**
 * offscreen lists the elements of the end screen that reach past the right
 * edge of a phone w px wide (a page that clips its overflow hides them, and
 * a phone's browser may lay a wide page out wider than its screen).
 */
const offscreen = (page, testid, w) =>
  page.locator(testid ? `[data-testid="${testid}"]` : "body").evaluate((root, w) => {
    return [root, ...root.querySelectorAll("*")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const p = el.parentElement?.getBoundingClientRect();
        // the outermost elements that reach past the edge: their parents do not
        // An SVG drawing clips what lies outside its box, as the sea round an island.
        const drawn = el instanceof SVGElement && !(el instanceof SVGSVGElement);
        return !drawn && r.width > 1 && r.right > w + 1 && (el === root || !p || p.right <= w + 1);
      })
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} to ${Math.round(el.getBoundingClientRect().right)}px`);
  }, w);

/**
 * smallText lists the texts of the end page (its table, charts, notes
 * and panels; not a board, which a phone can zoom) under 12 px on screen,
 * SVG text by its size times the drawing's scale, as tvFitProblems
 * measures the TV: a chart cannot be zoomed, so its words must be read as
 * they are.
 */
const smallText = (page) =>
  page.locator("body").evaluate((root) => {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest(".sr-only, title, desc, .zoom-board")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      if (![...range.getClientRects()].some((b) => b.width > 0 && b.height > 0)) continue;
      const graphic = el instanceof SVGElement ? el : el.closest("foreignObject");
      const ctm = graphic?.getScreenCTM();
      const size = parseFloat(getComputedStyle(el).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
      if (size < 11.95) out.push(`"${text.slice(0, 30)}" (${el.tagName.toLowerCase()}.${[...el.classList].join(".")}) is ${size.toFixed(1)} px`);
    }
    return out;
  });

/** scenario plays every game to its end with computer players and checks its end screen on two phones. */
export default async function scenario(ctx) {
  const { base } = ctx;
  const page = await ctx.newPage(PHONE);
  const small = await ctx.newPage(SMALL_PHONE);
  const errors = watchErrors({ phone: page, small });
  await page.goto(`${base}/`);
  await small.context().addCookies(await page.context().cookies());
  const problems = [];

  for (const g of await everyGame(base, "end-screens", GAMES)) {
    setStep(`${g.id}: a table of computer players plays to the end`);
    const made = await pageApi(page, "POST", "/api/tables", { game: g.id, name: "Ana", options: g.options });
    if (made.status !== 201) fail(`opening a ${g.id} table: ${made.status} ${JSON.stringify(made.body)}`);
    const id = made.body.id;
    for (let s = 1; s < g.info.maxPlayers; s++) {
      const r = await pageApi(page, "POST", `/api/tables/${id}/bots`, {});
      if (r.status !== 200) fail(`adding a computer player: ${r.status} ${JSON.stringify(r.body)}`);
    }
    const started = await pageApi(page, "POST", `/api/tables/${id}/start`);
    if (started.status !== 200) fail(`starting: ${started.status} ${JSON.stringify(started.body)}`);
    const handed = await pageApi(page, "POST", `/api/tables/${id}/hand`, { seat: 0, computer: true });
    if (handed.status !== 200) fail(`handing the seat over: ${handed.status} ${JSON.stringify(handed.body)}`);
    await page.goto(`${base}/t/${id}`);
    await until(`the ${g.id} game to end`, async () => (await page.getByTestId(g.end).count()) > 0, 240_000);
    log(`${g.id}: the game is over`);

    setStep(`${g.id}: the end screen fits a 390 px and a 320 px phone`);
    for (const [p, name, w] of [
      [page, "390 px", 390],
      [small, "320 px", 320],
    ]) {
      if (p === small) await small.goto(`${base}/t/${id}`);
      await p.getByTestId(g.end).waitFor();
      await p.getByTestId(g.end).scrollIntoViewIfNeeded();
      await shot(p, `${g.id}-${name.replace(" ", "")}`);
      const scroll = await p.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
      if (scroll > w + 1) problems.push(`the ${g.id} end screen is ${scroll}px wide on a ${name} phone: ${(await offscreen(p, "", w)).join("; ")}`);
      const off = await offscreen(p, g.end, w);
      if (off.length) problems.push(`the ${g.id} end screen on a ${name} phone reaches past its edge: ${off.join("; ")}`);
      const wide = await sideways(p, g.end);
      if (wide.length) problems.push(`the ${g.id} end screen on a ${name} phone scrolls sideways inside: ${wide.join("; ")}`);
      const tiny = await smallText(p);
      const charts = p.locator('[data-testid="final"] figure.chart');
      for (let i = 0; i < (await charts.count()); i++) {
        await charts.nth(i).scrollIntoViewIfNeeded();
        await shot(p, `${g.id}-${name.replace(" ", "")}-chart${i + 1}`);
      }
      if (tiny.length) problems.push(`the ${g.id} end screen on a ${name} phone has text under 12 px: ${tiny.slice(0, 8).join("; ")}`);
    }
  }
  if (problems.length) fail(problems.join("\n"));
  if (errors.length) fail(`script errors:\n${errors.join("\n")}`);
}
