// Helpers of the Neko Harbour scenarios (neko.e2e.mjs, neko-4p.e2e.mjs):
// opening a table, the helper loop that plays a seat through its page, the
// server's own views, and the hidden-information and keyboard checks.

import { audit, checkTv, fail, log, shot, STEP_TIMEOUT, tvFitProblems, until } from "./lib.mjs";

/** openTable opens a Neko Harbour table on the host's page and returns its invite link and TV address. */
export async function openTable(host, base, name) {
  await host.goto(`${base}/`);
  await host.getByRole("radio", { name: /Neko Harbour/ }).check();
  await host.getByLabel("Your name").fill(name);
  await host.getByRole("button", { name: /Open a Neko Harbour table/ }).click();
  await host.waitForURL(/\/t\/[^/]+$/);
  const invite = await host.getByTestId("invite-link").inputValue();
  const tv = await host.getByTestId("open-tv").getAttribute("href");
  return { invite, tv };
}

/** join brings a page to the table through the invite link and marks it ready. */
export async function join(page, invite, name) {
  await page.goto(invite);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join the table" }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  await page.getByTestId("ready").click();
}

/**
 * serverState asks the server for this page's own state over a second
 * WebSocket of the same browser (its cookie names the seat), as the page's
 * connection receives it: the view and the legal moves. For the TV page it
 * uses the TV code.
 */
export async function serverState(page) {
  return page.evaluate(async () => {
    const m = /^\/(t|tv)\/([^/]+)$/.exec(location.pathname);
    const q = m[1] === "t" ? `table=${m[2]}` : `tv=${m[2]}`;
    const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws?${q}`);
    const d = await new Promise((ok, bad) => {
      ws.onmessage = (e) => {
        const env = JSON.parse(e.data);
        if (env.t === "state") ok(env.d);
      };
      ws.onerror = () => bad(new Error("the state socket failed"));
      setTimeout(() => bad(new Error("no state within 5 s")), 5000);
    });
    ws.close();
    return d;
  });
}

/** shownCards lists the card numbers a page shows anywhere. */
export const shownCards = (page) => page.locator("[data-card]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card"))));

/**
 * noForeignHands fails when a page shows a card that is in another seat's
 * hand, as the server's own views of those seats say.
 */
export async function noForeignHands(page, who, others) {
  const shown = new Set(await shownCards(page));
  for (const [name, other] of others) {
    const st = await serverState(other);
    const hand = st.view.players[st.seat]?.hand ?? [];
    const leaked = hand.filter((c) => shown.has(c));
    if (leaked.length) fail(`${who} shows cards from ${name}'s hand: ${leaked.join(", ")}`);
  }
  const own = await serverState(page);
  for (const p of own.view.players) {
    if (p.seat !== own.seat && p.hand) fail(`the server sent ${who} the hand of seat ${p.seat}`);
  }
  // Every card a page shows is on the table for all to see, or in its own hand
  // (this covers the computer players' hands too).
  const v = own.view;
  const allowed = new Set([...(v.display ?? []), ...(v.boats ?? []), ...(v.rows ?? []).flat().flatMap((s) => s?.cards ?? [])]);
  for (const p of v.players) {
    for (const c of [...(p.hand ?? []), ...(p.drafted ?? []), ...(p.columns ?? []).flatMap((col) => [...(col.actions ?? []), ...(col.hubs ?? [])])])
      allowed.add(c);
  }
  const stray = [...shown].filter((c) => !allowed.has(c));
  if (stray.length) fail(`${who} shows cards that are neither public nor its own: ${stray.join(", ")}`);
}

/** The order the helper loop prefers moves in: it keeps a game moving to its end. */
const PREFER = ["pick-", "draft-", "boat-", "choose-", "discard-", "keep", "play-", "sail-", "move-", "harbour", "upgrade-", "next"];

/**
 * offered reads, in one look, the move keys of a page's enabled move buttons
 * and the version of the state they belong to.
 */
const offered = (page) =>
  page.evaluate(() => ({
    at: document.querySelector(".neko")?.getAttribute("data-version") ?? "gone",
    moves: [
      ...new Set([...document.querySelectorAll("button[data-move]")].filter((b) => !b.disabled && !b.closest(".card-dialog")).map((b) => b.dataset.move)),
    ],
  }));

/** enabledMoves lists the move keys of the enabled move buttons on a page. */
export const enabledMoves = async (page) => (await offered(page)).moves;

const version = (page) =>
  page
    .locator(".neko")
    .first()
    .getAttribute("data-version")
    .catch(() => "gone");

/** tooWide names the element that makes a page scroll sideways, or "". */
export const tooWide = (page) =>
  page.evaluate(() => {
    // On a phone the layout viewport grows with wide content, so compare with the screen's own width.
    const width = Math.min(innerWidth, screen.width || innerWidth);
    if (document.documentElement.scrollWidth <= width + 1) return "";
    const over = (el) => el.getBoundingClientRect().right + scrollX > width + 1;
    const last = [...document.querySelectorAll("body *")].filter((el) => over(el) && !(el.parentElement && over(el.parentElement)));
    return `${document.documentElement.scrollWidth}px on ${width}px: ${last
      .slice(0, 4)
      .map((el) => `${el.outerHTML.slice(0, 140)} in ${el.parentElement?.className}`)
      .join(" | ")}`;
  });

/** fitsPhone fails when a page is wider than its screen (lib's fitsWidth cannot tell on a phone, whose layout viewport grows with the page). */
export async function fitsPhone(page, where) {
  const wide = await tooWide(page);
  if (wide) fail(`${where} is wider than the screen: ${wide}`);
}

/**
 * clickMove presses the move button with key k and waits for the server's
 * answer; a page never scrolls sideways. With listedAt, the version at which
 * the page listed k, it returns false instead when the page has moved on
 * since (another seat's move came first), so that the caller reads the
 * moves again; without it, k must be there.
 */
export async function clickMove(page, k, listedAt) {
  const wide = await tooWide(page);
  if (wide) fail(`the page is wider than its screen before ${k}: ${wide}`);
  const before = await version(page);
  if (listedAt !== undefined && before !== listedAt) return false;
  try {
    await page
      .locator(`button[data-move="${k}"]:enabled`)
      .first()
      .click({ timeout: STEP_TIMEOUT / 2 });
  } catch (e) {
    // A state that came between the look and the click may take k away.
    if (listedAt !== undefined && (await version(page)) !== before) return false;
    throw e;
  }
  await until(`${k} to be answered`, async () => (await version(page)) !== before, 10_000);
  return true;
}

/**
 * matches says whether move key m is of preference p: p is a whole key, or a
 * key's start ending in "-". A move whose fields are all zero has a bare key
 * ("play" is card 0 played), which "play-" takes in too.
 */
export const matches = (m, p) => m === p || m.startsWith(p) || (p.endsWith("-") && m === p.slice(0, -1));

/**
 * step makes one move on page by the helper loop's preference; it returns
 * the move key, or null when the page offers none of them or moved on
 * before the click.
 */
export async function step(page, prefer = PREFER) {
  const { at, moves } = await offered(page);
  for (const p of prefer) {
    const k = moves.find((m) => matches(m, p));
    if (k) return (await clickMove(page, k, at)) ? k : null;
  }
  return null;
}

/** playUntil runs the helper loop on the human pages until done() holds. */
export async function playUntil(pages, done, what, prefer = PREFER, limit = 3000) {
  let idle = 0;
  let stuck = new Map();
  for (let k = 0; k < limit; k++) {
    if (await done()) return;
    let moved = false;
    for (const p of pages) if (await step(p, prefer)) moved = true;
    idle = moved ? 0 : idle + 1;
    if (idle > 0 && idle % 50 === 0) stuck = await offersEveryMove(pages, stuck, prefer);
    if (!moved) await new Promise((r) => setTimeout(r, 100));
  }
  fail(`the game never reached ${what}`);
}

/**
 * offersEveryMove fails when a page stands still on its seat's turn, at the
 * same version on two checks in a row: the server gives the seat legal moves
 * and the page shows no button for any of them (a person stuck on their own
 * turn), or the page shows buttons the helper loop never takes (a gap in the
 * scenario's preferences). It returns this check's finds.
 */
async function offersEveryMove(pages, before, prefer) {
  const now = new Map();
  for (const [i, p] of pages.entries()) {
    const st = await serverState(p);
    if (!st.legal?.length || (await p.locator(".banner-warn, .card-dialog").count())) continue;
    const at = await version(p);
    if (before.get(i) === at) {
      const shown = await enabledMoves(p);
      if (shown.length) fail(`seat ${st.seat}'s page offers ${shown.join(", ")} and the scenario takes none of them (it prefers ${prefer.join(", ")})`);
      fail(
        `seat ${st.seat} has ${st.legal.length} legal moves (${JSON.stringify(st.legal.slice(0, 6))}) and its page offers none; it says "${await turnLine(p)}"`,
      );
    }
    now.set(i, at);
  }
  return now;
}

/** phaseOf reads the phase from the turn line of a page. */
export const turnLine = (page) => page.getByTestId("turn-line").textContent();

/** keyboardCheck focuses a card and a column by keyboard and checks their spoken labels. */
export async function keyboardCheck(page, who) {
  const card = page.locator(".nk-card").first();
  await card.focus();
  // A card's spoken name is its face and the words for screen readers after it.
  const label = await page.evaluate(() => document.activeElement?.textContent ?? "");
  if (!/hub \d/.test(label)) fail(`${who}: a focused card says "${label}"`);
  await page.keyboard.press("Enter");
  await page.getByTestId("card-dialog").waitFor();
  await page.keyboard.press("Escape");
  await until("the card dialog to close", async () => (await page.getByTestId("card-dialog").count()) === 0);
  const col = page.locator(".nk-col[data-col]").first();
  if (await col.count()) {
    await col.focus();
    const cl = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    if (!/^Column 1, .*hub \d+/.test(cl)) fail(`${who}: a focused column says "${cl}"`);
  }
  // Every enabled move is a visible button in the tab order, and Tab reaches one.
  const moves = await page.locator("button[data-move]:not([disabled])").evaluateAll((bs) =>
    bs.map((b) => ({
      k: b.dataset.move,
      tab: b.tabIndex,
      shown: b.getClientRects().length > 0,
      name: (b.getAttribute("aria-label") || b.textContent || "").trim(),
    })),
  );
  const stuck = moves.filter((m) => m.tab < 0 || !m.shown || !m.name);
  if (stuck.length) fail(`${who}: moves a keyboard cannot reach or that have no name: ${stuck.map((m) => m.k).join(", ")}`);
  if (moves.length) {
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null));
    let reached = "";
    for (let k = 0; k < 300 && !reached; k++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.getAttribute("data-move") ?? "");
    }
    if (!reached) fail(`${who}: Tab never reaches a move button`);
  }
  log(`${who}: keyboard labels ok ("${label.slice(0, 60)}…"), ${moves.length} moves in the tab order`);
}

/** textSizes returns the smallest font size of visible text on a page, in px. */
export const smallestText = (page) =>
  page.evaluate(() => {
    let min = Infinity;
    let where = "";
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim()) continue;
      if (el.closest(".sr-only, svg")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > innerHeight) continue;
      const s = parseFloat(getComputedStyle(el).fontSize);
      if (s < min) {
        min = s;
        where = el.outerHTML.slice(0, 100);
      }
    }
    return { min, where };
  });

/** The lines every final breakdown shows, by their test ids; the ghost ship's only with that module. */
const FINAL_LINES = ["period1", "period2", "attractions", "harbour", "hubs", "cards", "penguins", "captains", "goods", "vpCards", "ships"];

/**
 * endScreen checks a page's final scores against the server's own view of
 * it: every breakdown line (harbour and hubs among them) with each player's
 * points, lines adding up to the totals, the tie-breaks stated, and the
 * points chart with a line per player drawn from the view's turn-by-turn
 * history. It returns the number of history entries.
 */
export async function endScreen(page, who) {
  const { view } = await serverState(page);
  const n = view.players.length;
  const ghost = view.players.some((p) => p.ships?.[6]?.loc !== -2);
  const lines = [...FINAL_LINES, ...(ghost ? ["ghost"] : [])];
  const sums = Array(n).fill(0);
  for (const key of lines) {
    const row = page.getByTestId(`line-${key}`);
    if ((await row.count()) !== 1) fail(`${who}'s final scores have no ${key} line`);
    const cells = (await row.locator("td").allTextContents()).map(Number);
    const want = view.players.map((p) => (key === "period1" ? p.interim[0] : key === "period2" ? p.interim[1] : p.final[key]));
    if (JSON.stringify(cells) !== JSON.stringify(want)) fail(`${who}'s ${key} line shows ${cells}, the view says ${want}`);
    cells.forEach((c, i) => (sums[i] += c));
  }
  const totals = view.players.map((p) => p.final.total);
  if (JSON.stringify(sums) !== JSON.stringify(totals)) fail(`${who}'s lines add up to ${sums}, the totals are ${totals}`);
  // The breakdown fits its panel without scrolling sideways, and each total
  // is on the screen, not cut off nor covered (the TV does not scroll).
  const wrap = await page.locator(".nk-final .nk-table-wrap").evaluate((el) => [el.scrollWidth, el.clientWidth]);
  if (wrap[0] > wrap[1] + 1) fail(`${who}'s final scores are ${wrap[0]}px wide in a ${wrap[1]}px panel`);
  for (let seat = 0; seat < n; seat++) {
    const cell = page.getByTestId(`total-${seat}`);
    const seen = await cell.evaluate((el, scroll) => {
      if (scroll) el.scrollIntoView({ block: "center", inline: "nearest" });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.bottom <= innerHeight && r.right <= innerWidth && !!hit && el.contains(hit);
    }, !page.url().includes("/tv/"));
    if (!seen) fail(`${who} does not show seat ${seat}'s total on the screen`);
  }
  const text = (await page.getByTestId("final-scores").textContent()) ?? "";
  if (!/lower total level of ships in play/.test(text)) fail(`${who}'s final scores do not explain the tie-breaks`);
  const chart = page.getByTestId("points-chart");
  if ((await chart.count()) !== 1) fail(`${who} has no points chart`);
  if ((await chart.locator("polyline").count()) !== n) fail(`${who}'s chart lacks a line per player`);
  const points = (await chart.locator("polyline").first().getAttribute("points")).trim().split(/\s+/).length;
  if (points !== view.history.length + 1) fail(`${who}'s chart has ${points} points, the history ${view.history.length} entries and the start`);
  if ((await chart.getByTestId("chart-period").count()) !== 1) fail(`${who}'s chart does not mark period 1's scoring`);
  log(`${who}: ${lines.length} breakdown lines, totals ${totals.join(" : ")}, chart of ${points} points`);
  return view.history.length;
}

/** smallestIn returns the smallest font size of visible text inside the elements matching selector, in px. */
export const smallestIn = (page, selector) =>
  page.evaluate((selector) => {
    let min = Infinity;
    let where = "";
    for (const root of document.querySelectorAll(selector)) {
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        if (!el || !n.textContent?.trim() || el.closest(".sr-only")) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const s = parseFloat(getComputedStyle(el).fontSize);
        if (s < min) {
          min = s;
          where = el.outerHTML.slice(0, 100);
        }
      }
    }
    return { min, where };
  }, selector);

/**
 * cardLarge checks the cards of a phone and opens one large: every card's
 * text is at least 12 px; a tap opens the card's dialog, with its effect
 * and its rules lines, on the screen whole and passing the audit; Escape
 * closes it and gives the focus back to the card; Space opens it from the
 * keyboard and its Close button closes it the same way.
 */
export async function cardLarge(page, who, file) {
  const cards = await smallestIn(page, ".nk-card");
  if (cards.min < 12) fail(`${who}: card text of ${cards.min}px (${cards.where})`);
  const card = page.locator("button.nk-card").first();
  const n = await card.getAttribute("data-card");
  await card.scrollIntoViewIfNeeded();
  await card.tap();
  const dialog = page.getByTestId("card-dialog");
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? "";
  if (!/Free to (play|place)/.test(text) || !/(Once per turn|Ship moves in|Immediate|Game end|Always on):/.test(text))
    fail(`${who}: the large card lacks its rules lines: "${text.slice(0, 200)}"`);
  const big = await smallestIn(page, '[data-testid="card-dialog"]');
  if (big.min < 12) fail(`${who}: the large card has text of ${big.min}px (${big.where})`);
  const box = await dialog.boundingBox();
  const vp = page.viewportSize();
  if (!box || box.x < 0 || box.y < 0 || box.x + box.width > vp.width + 1 || box.y + box.height > vp.height + 1)
    fail(`${who}: the large card is not whole on the screen: ${JSON.stringify(box)} on ${vp.width}×${vp.height}`);
  await shot(page, file);
  await audit(page, `${who} with a card open large`);
  await page.keyboard.press("Escape");
  await until("the large card to close", async () => (await dialog.count()) === 0);
  const back = await page.evaluate(() => document.activeElement?.getAttribute("data-card"));
  if (back !== n) fail(`${who}: after Escape the focus is on card ${back}, not on the card that opened (${n})`);
  await page.keyboard.press("Space");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await until("the large card to close", async () => (await dialog.count()) === 0);
  const again = await page.evaluate(() => document.activeElement?.getAttribute("data-card"));
  if (again !== n) fail(`${who}: after Close the focus is on card ${again}, not on card ${n}`);
  log(`${who}: cards at ${cards.min}px and up; card ${n} opened large (${big.min}px and up), closed by Escape and by Close`);
}

/**
 * checkNekoTv measures the TV at 1920 × 1080 as it is now: nothing scrolls
 * or is cut (no box whose hidden overflow hides part of its content), no
 * text under 20 px, the log's lines and every name whole (lib's checkTv),
 * every card on offer in the draft drawn, and a strict axe-core audit.
 */
export async function checkNekoTv(tv, names, where, file) {
  await checkTv(tv, names, where, file);
  const cut = await tvFitProblems(tv);
  if (cut.length) fail(`${where}: the TV does not fit:\n  ${cut.join("\n  ")}`);
  const { view } = await serverState(tv);
  if (view.phase === "draft") {
    const offered = (view.rows ?? []).flat().flatMap((s) => (s && !s.taken ? (s.cards ?? []) : []));
    const drawn = await tv.locator(".nk-tv-draft [data-card]").evaluateAll((els) => els.map((e) => Number(e.dataset.card)));
    const missing = offered.filter((c) => !drawn.includes(c));
    if (missing.length) fail(`${where}: the draft lacks cards ${missing.join(", ")}`);
  }
  await audit(tv, where);
}
