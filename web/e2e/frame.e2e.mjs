// The play frame every game shares, checked the same way in each game with
// screens: two people (Ana on a phone, Bo on a laptop), a computer player and a
// TV opened the documented way, /tv and then the typed code, on a cold load.
// In each game: a hint is asked for, shown and logged; a refused move's rule
// link opens the rules reference at that rule; the focus lands on a control
// after a move made from the keyboard (on the turn line, which says whom the
// table waits on, when the move passed the turn); a take-back wherever the game offers
// one; then both people hand their seats to computer players, the game runs
// to its end (the final table, play again and the replay link on every
// page), and a page opened afresh loads the earlier pages of the log.

import { fail, fitsScreen, fitsWidth, LAPTOP, log, pageApi, PHONE, setStep, shot, SMALL_PHONE, TV, until, watchErrors } from "./lib.mjs";
import { logComplete, logLength } from "./lib.mjs";
import { everyGame, onlyGames } from "./games.mjs";
import { myTurn, personStep } from "./moves.mjs";

/**
 * Each game, by id: how a person makes one plain move through the page, and
 * a move the server refuses with a rule, sent by the seat it waits on
 * (onTurn) or by one it does not. A game the server registers with screens
 * but missing here fails the scenario (games.mjs).
 */
const GAMES = {
  holdings: { step: personStep.holdings, refused: { onTurn: false, move: { type: "end" } } },
  harborfall: { step: personStep.harborfall, refused: { onTurn: false, move: { type: "end" } } },
  greatharbor: { step: personStep.greatharbor, refused: { onTurn: true, move: { type: "draft", die: 99 } } },
  neko: { step: personStep.neko, refused: { onTurn: false, move: { type: "next" } } },
};

/** RecentLogMoves in table/history.go: a page that connects gets the log of this many moves at once. */
const RECENT_LOG_MOVES = 32;

/** keepSocket makes the page remember its own WebSocket, so a scenario can send on it what no button offers. */
const keepSocket = (page) =>
  page.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.__harborSocket = this;
      }
    };
  });

const version = (page) => page.locator(".play").evaluateAll((els) => Number(els[0]?.getAttribute("data-version") ?? -1));

/** sendRaw sends a move on the page's own connection, at the version it shows. */
const sendRaw = (page, move) =>
  page.evaluate((move) => {
    const v = Number(document.querySelector(".play")?.getAttribute("data-version"));
    window.__harborSocket.send(JSON.stringify({ t: "move", v, d: move }));
  }, move);

/**
 * ruleOf reads the notice at one instant: 1 when it links to a rule, -1 when
 * it names no rule, 0 while there is none or its rule id waits for the rules
 * reference. Read apart, a notice arriving between the look for a link and
 * the look for the notice would read as a refusal without a rule.
 */
const ruleOf = (page) =>
  page.getByTestId("notice").evaluateAll((els) => {
    const n = els[0];
    if (!n) return 0;
    if (n.querySelector("[data-testid='rule-link']")) return 1;
    return n.querySelector(".rule-id") ? 0 : -1;
  });

/** focused describes the element that has the focus: a control in the play screen, or what it is instead. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { control: false, what: "the page's body" };
    const turnLine = el.matches("[data-testid='turn-line']") && !document.querySelector(":is([data-decision], .action-bar) button[data-move]:not([disabled])");
    const control = (turnLine || el.matches("button, a[href], input, select, textarea, [tabindex='0'], [role=button]")) && !!el.closest(".play");
    return { control, what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 50)}"` };
  });

/** tvLook reads the TV page's colors: the TV's look is light text on the dark navy ground. */
const tvLook = (tv) =>
  tv.evaluate(() => ({
    root: document.documentElement.classList.contains("tv-root"),
    text: getComputedStyle(document.body).color,
    ground: getComputedStyle(document.documentElement).backgroundColor,
  }));

async function checkTvLook(tv, where) {
  const look = await tvLook(tv);
  if (!look.root || look.text !== "rgb(244, 241, 222)" || look.ground !== "rgb(11, 37, 69)") fail(`${where} lost the TV's look: ${JSON.stringify(look)}`);
}

/** openTable opens a table of game on Ana's page with take-backs on, seats Bo (ready) and a computer player; it returns the table's id and TV code. */
async function openTable(base, ana, bo, game) {
  await ana.goto(`${base}/`);
  const made = await pageApi(ana, "POST", "/api/tables", { game, name: "Ana" });
  if (made.status !== 201) fail(`opening the ${game} table: ${made.status} ${JSON.stringify(made.body)}`);
  const table = made.body;
  await bo.goto(`${base}/`);
  const joined = await pageApi(bo, "POST", "/api/join", { code: table.code, name: "Bo" });
  if (joined.status !== 200) fail(`Bo joining: ${joined.status} ${JSON.stringify(joined.body)}`);
  for (const [page, path, body] of [
    [ana, "bots", {}],
    [ana, "timeline", { undo: true, hideHands: false }],
    [ana, "hints", { on: true }],
    // Last: a change of the table's options asks everyone to be ready again.
    [bo, "ready", { ready: true }],
  ]) {
    const r = await pageApi(page, "POST", `/api/tables/${table.id}/${path}`, body);
    if (r.status !== 200) fail(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { id: table.id, tv: table.tv ?? table.tvCode };
}

export default async function scenario(ctx) {
  const { base, browser } = ctx;
  const anaCtx = await browser.newContext(PHONE);
  const boCtx = await browser.newContext(LAPTOP);

  // FRAME_GAMES=neko,greatharbor runs the checks in some games only (while working on one).
  for (const g of await everyGame(base, "frame", GAMES, onlyGames("FRAME_GAMES"))) {
    const ana = await anaCtx.newPage();
    const bo = await boCtx.newPage();
    for (const p of [ana, bo]) await keepSocket(p);
    const people = [ana, bo];

    setStep(`${g.name}: Ana opens a table with take-backs and hints, Bo and a computer player join`);
    const { id, tv: code } = await openTable(base, ana, bo, g.id);

    setStep(`${g.name}: the TV opens through /tv and its typed code, on a cold load`);
    const tvCtx = await browser.newContext(TV);
    const tv = await tvCtx.newPage();
    const errors = watchErrors({ ana, bo, tv });
    await tv.goto(`${base}/tv`);
    await tv.locator("#tv-code-input").fill(code);
    await tv.getByRole("button", { name: "Show the table" }).click();
    await tv.waitForURL(new RegExp(`/tv/${code}$`));
    await tv.getByTestId("tv-qr").waitFor();
    await checkTvLook(tv, `the ${g.name} TV's lobby opened through /tv`);

    const started = await pageApi(ana, "POST", `/api/tables/${id}/start`);
    if (started.status !== 200) fail(`start: ${started.status} ${JSON.stringify(started.body)}`);
    for (const p of people) {
      await p.goto(`${base}/t/${id}`);
      await p.locator(".play").waitFor();
    }
    await until("the TV's game", () => tv.getByTestId("presence-tv").count());
    await checkTvLook(tv, `the ${g.name} TV during play`);

    const done = { hint: false, refused: false, focus: false, takeBack: false };
    let moves = 0;
    for (let round = 0; round < 400 && !(done.hint && done.refused && done.focus && done.takeBack); round++) {
      let moved = false;
      for (const [who, p] of [
        ["Ana", ana],
        ["Bo", bo],
      ]) {
        const mine = await myTurn(p);
        if (!done.hint && mine && (await p.getByTestId("ask-hint").count())) {
          setStep(`${g.name}: ${who} asks what the computer would do`);
          await p.getByTestId("ask-hint").click();
          const text = (await p.getByTestId("hint").textContent()) ?? "";
          if (!/The computer would:/.test(text)) fail(`the hint reads: ${text}`);
          const said = `${who} asked what the computer would do`;
          await until("the hint in everyone's log", async () => {
            for (const q of [ana, bo]) if ((await q.locator(".log-hint", { hasText: said }).count()) === 0) return false;
            // Each TV layout shows its own last lines of the log.
            return ((await tv.locator("body").textContent()) ?? "").includes(said);
          });
          await shot(p, `${g.id}-01-${who === "Ana" ? "phone" : "laptop"}-hint`);
          done.hint = true;
        }
        if (!done.refused && mine === g.refused.onTurn) {
          setStep(`${g.name}: ${who}'s refused move links to its rule`);
          await sendRaw(p, g.refused.move);
          const notice = p.getByTestId("notice");
          const link = notice.getByTestId("rule-link");
          // A rule id shows as a link once the game's rules reference has loaded; a refusal without one has no rule id at all.
          const linked = await until("the refusal", () => ruleOf(p)).then((r) => r > 0);
          if (!linked) {
            // The table moved on before the move arrived: no rule to link. Dismiss and try again later.
            log(`the refusal came without a rule: ${await notice.textContent()}`);
            await p.getByRole("button", { name: "Dismiss message" }).click();
          } else {
            const topic = await link.getAttribute("data-topic");
            await shot(p, `${g.id}-02-${who === "Ana" ? "phone" : "laptop"}-refused`);
            await link.click();
            const reference = p.getByTestId("rules-reference");
            await reference.locator(`[data-topic="${topic}"]`).waitFor();
            if (!p.url().endsWith(`#rules/${topic}`)) fail(`the rule's topic opened at ${p.url()}`);
            await shot(p, `${g.id}-03-${who === "Ana" ? "phone" : "laptop"}-rule`);
            await p.keyboard.press("Escape");
            await until("the reference to close", async () => (await reference.count()) === 0);
            await p.getByRole("button", { name: "Dismiss message" }).click();
            log(`${g.name}: the refusal's link opened the topic ${topic}`);
            done.refused = true;
          }
        }
        if (!(await myTurn(p))) continue;
        const before = await version(p);
        const key = p.locator(":is([data-decision], .action-bar) button[data-move]:not([disabled]):visible").first();
        if (!done.focus && (await key.count())) {
          setStep(`${g.name}: ${who} moves from the keyboard and the focus stays on a control`);
          const what = (await key.textContent())?.trim();
          await key.focus();
          await p.keyboard.press("Enter");
          await until(`${what} to be answered`, async () => (await version(p)) !== before, 15_000);
          const f = await until(
            "the focus on a control",
            async () => {
              const now = await focused(p);
              return now.control ? now : null;
            },
            3000,
          ).catch(async () => fail(`after "${what}" the focus is on ${(await focused(p)).what}`));
          log(`${g.name}: after "${what}" the focus is on ${f.what}`);
          await shot(p, `${g.id}-04-${who === "Ana" ? "phone" : "laptop"}-focus-after-move`);
          done.focus = true;
        } else if (!(await g.step(p))) continue;
        moved = true;
        moves++;
        if (!done.takeBack && (await p.getByTestId("undo").count())) {
          setStep(`${g.name}: ${who} takes the move back`);
          await shot(p, `${g.id}-05-${who === "Ana" ? "phone" : "laptop"}-take-back`);
          // The take-back shares the header's bar on a phone: the page at phone widths, then as it was.
          const size = p.viewportSize();
          for (const width of [390, 320]) {
            await p.setViewportSize({ width, height: width === 320 ? 640 : 844 });
            await p.evaluate(() => window.scrollTo(0, 0));
            const head = await p.getByTestId("play-head").boundingBox();
            if (head.height > 0.25 * (width === 320 ? 640 : 844)) fail(`the header with the take-back is ${head.height} px high on a ${width} px phone`);
            await shot(p, `${g.id}-05-${width}-take-back`);
          }
          await p.setViewportSize(size);
          const at = await version(p);
          await p.getByTestId("undo").click();
          await until("the take-back", async () => (await version(p)) !== at && /took back/.test((await p.locator(".log").first().textContent()) ?? ""));
          done.takeBack = true;
        }
      }
      if (!moved) await new Promise((r) => setTimeout(r, 100));
    }
    // Every game offers a take-back of a move that showed nothing new (a purchase, a placement, a drafted die or card).
    for (const [what, ok] of Object.entries(done)) if (!ok) fail(`${g.name}: the ${what} check never came about in ${moves} moves`);

    setStep(`${g.name}: Ana's phone at 320 px and the TV during play`);
    const small = await browser.newContext({ ...SMALL_PHONE, storageState: await anaCtx.storageState() });
    const ana320 = await small.newPage();
    await ana320.goto(`${base}/t/${id}`);
    await ana320.locator(".play").waitFor();
    await fitsWidth(ana320, `the ${g.name} play screen at 320 px`);
    await shot(ana320, `${g.id}-06-phone320-play`);
    await small.close();
    await fitsWidth(ana, `the ${g.name} play screen at 390 px`);
    await shot(ana, `${g.id}-07-phone-play`);
    await shot(bo, `${g.id}-08-laptop-play`);
    await fitsScreen(tv, `the ${g.name} TV`);
    await shot(tv, `${g.id}-09-tv-play`);

    setStep(`${g.name}: both people hand their seats to computer players, who finish the game`);
    for (const seat of [0, 1]) {
      const r = await pageApi(ana, "POST", `/api/tables/${id}/hand`, { seat, computer: true });
      if (r.status !== 200) fail(`handing seat ${seat}: ${r.status} ${JSON.stringify(r.body)}`);
    }
    for (const p of [ana, bo]) await until("the end of the game", () => p.getByTestId("final").count(), 60_000);
    for (const p of [ana, bo]) {
      await p.getByTestId("play-again").waitFor();
      await p.getByTestId("replay-link").waitFor();
    }
    await ana.getByTestId("final").scrollIntoViewIfNeeded();
    await fitsWidth(ana, `the ${g.name} end on a phone`);
    await shot(ana, `${g.id}-10-phone-end`);
    await shot(bo, `${g.id}-11-laptop-end`);
    await checkTvLook(tv, `the ${g.name} TV at the end`);
    await shot(tv, `${g.id}-12-tv-end`);

    setStep(`${g.name}: a page opened afresh loads the earlier pages of the log`);
    const held = await logLength(ana);
    const fresh = await boCtx.newPage();
    await fresh.goto(`${base}/t/${id}`);
    await fresh.locator(".play").waitFor();
    const first = await logLength(fresh);
    if (await logComplete(fresh)) fail(`a page opened after ${await version(ana)} moves got the whole log (${first} lines) at once`);
    let asked = 0;
    await until("the whole log on the fresh page", async () => {
      const earlier = fresh.getByTestId("log-earlier");
      if (await earlier.count()) {
        await earlier.click();
        asked++;
      }
      return logComplete(fresh);
    });
    const whole = await logLength(fresh);
    if (asked === 0 || whole <= first) fail(`the fresh page's log did not grow from ${first} lines by asking for earlier pages (${asked} asked)`);
    const shownLines = await fresh.locator(".log .log-lines li").count();
    if (shownLines !== whole) fail(`the fresh page's log panel shows ${shownLines} lines of the ${whole} it holds`);
    log(
      `${g.name}: a fresh page got ${first} lines (the last ${RECENT_LOG_MOVES} moves), then ${whole} in all after ${asked} earlier page(s); Ana's page, there from the start, holds ${held}`,
    );
    if (errors.length) fail(`script errors: ${errors.join("; ")}`);
    for (const p of [ana, bo, fresh]) await p.close();
    await tvCtx.close();
  }
  await anaCtx.close();
  await boCtx.close();
}
