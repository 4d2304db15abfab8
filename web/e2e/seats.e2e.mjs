// Who plays a seat, in each game with screens, with Ana on a phone, Bo on a
// small phone, a computer player between them and the TV:
// - Bo hands his own seat to the computer player and takes it back;
// - Bo's page closes: every screen counts down to the stand-in, whose moves
//   the log then marks ("Computer for Bo: …");
// - the game is played to its end by computer players the people handed
//   their seats to, and its replay marks the stand-in's moves too;
// - Ana plays on from move 6 of the replay: Bo's page and the TV follow her
//   to the new lobby, where everyone has their old seat; the start waits for
//   Bo, and the new game then plays a few moves.
// Ana plays her own turns with each game's plain step (moves.mjs) while Bo is
// away, so the game always stands still at her turn after the stand-in has
// played; computer players make every other move. Clicks land while the
// game stands still; where a seat must be handed over while computer
// players move, the scenario asks the API as the button does.

import { everyGame, onlyGames } from "./games.mjs";
import { fail, fitsWidth, log, noteShown, pageApi, PHONE, setStep, shot, shownOf, SMALL_PHONE, TV, until, watchErrors } from "./lib.mjs";
import { myTurn, personStep } from "./moves.mjs";

/**
 * Computer players pause between moves here, unlike the other scenarios: the
 * stand-in's turn must still be on the screens when the scenario looks, and
 * Ana must get her seat back before the computer player has played the game
 * to its end for her.
 */
export const serverArgs = ["-bot-delay", "60ms"];

/** AWAY is the table's wait, in seconds, before a computer player stands in for a lost connection. */
const AWAY = 6;

/** The seats: Ana opens the table, the computer player sits next, Bo joins last. */
const ANA = 0;
const BO = 2;

/** presenceOf reads a presence strip: seat name → its state in words. */
const presenceOf = (page, variant = "strip") =>
  page
    .locator(`[data-testid="presence-${variant}"] .presence-seat`)
    .evaluateAll((els) => Object.fromEntries(els.map((el) => [el.querySelector(".presence-name")?.firstChild?.textContent?.trim(), el.dataset.state])));

/** tableOf is the table's lobby as the page's person gets it from the API. */
async function tableOf(page, id) {
  const r = await pageApi(page, "GET", `/api/tables/${id}`);
  if (r.status !== 200) fail(`the table ${id} answers ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * hand gives the page's own seat to the computer player (or takes it back)
 * through the API, as its button does: used where the game moves on at once,
 * so no click has to land on a page redrawn with every computer move.
 */
async function hand(page, id, seat, computer) {
  const r = await pageApi(page, "POST", `/api/tables/${id}/hand`, { seat, computer });
  if (r.status !== 200) fail(`handing seat ${seat} (${computer}): ${r.status} ${JSON.stringify(r.body)}`);
}

const idOf = (page) => /\/t\/([^/?]+)/.exec(page.url())?.[1] ?? "";
const countdown = (state) => Number(/takes over in (\d+) s/.exec(state ?? "")?.[1] ?? NaN);
/** tvCountdown is the same on the TV's bar, which says it in fewer words ("offline · 43 s left"). */
const tvCountdown = (state) => Number(/(\d+) s left/.exec(state ?? "")?.[1] ?? NaN);

/** playing waits for every page to show the running game's presence strip. */
async function playing(what, pages) {
  for (const [who, p, variant] of pages) await until(`${what} on ${who}'s screen`, () => p.getByTestId(`presence-${variant}`).count(), 30_000);
}

async function oneGame(ctx, game, name) {
  const ana = await ctx.newPage(PHONE);
  const bo = await ctx.newPage(SMALL_PHONE);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ ana, bo, tv });
  const shotOf = (page, what) => shot(page, `${game}-${what}`);

  setStep(`${name}: Ana opens a table with a computer player, Bo joins, the TV watches`);
  await ana.goto(`${ctx.base}/`);
  const made = await pageApi(ana, "POST", "/api/tables", { game, name: "Ana" });
  if (made.status !== 201) fail(`opening a ${name} table: ${made.status} ${JSON.stringify(made.body)}`);
  const { id, invite, tv: tvCode } = made.body;
  for (const [path, body] of [
    [`/api/tables/${id}/bots`, { seat: 1 }],
    [`/api/tables/${id}/room`, { awaySeconds: AWAY }],
  ]) {
    const r = await pageApi(ana, "POST", path, body);
    if (r.status !== 200) fail(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  // The versions of the moves Ana's page heard the stand-in for Bo make
  // (the stored log opens only when the game is over).
  const standInAt = [];
  ana.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      // A stand-in's line travels as the message "table.standIn" naming the seat's person.
      const forBo = (text) => text.includes('"@":"table.standIn"') && text.includes('"who":"Bo"');
      if (typeof payload !== "string" || !forBo(payload)) return;
      for (const line of payload.split("\n")) if (forBo(line)) standInAt.push(JSON.parse(line).v);
    }),
  );
  await ana.goto(`${ctx.base}/t/${id}`);
  await tv.goto(`${ctx.base}/tv/${tvCode}`);
  await bo.goto(`${ctx.base}/join/${invite}`);
  await bo.getByLabel("Your name").fill("Bo");
  await bo.getByRole("button", { name: "Join the table" }).click();
  await bo.waitForURL(/\/t\/[^/]+$/);
  await bo.getByTestId("ready").click();
  const seats = (await tableOf(ana, id)).seats;
  if (seats[ANA]?.name !== "Ana" || seats[1]?.kind !== "bot" || seats[BO]?.name !== "Bo") fail(`the seats are ${JSON.stringify(seats)}`);
  await until("the start to become possible", () => ana.getByTestId("start").isEnabled());
  await ana.getByTestId("start").click();
  await playing("the game", [
    ["Ana", ana, "strip"],
    ["Bo", bo, "strip"],
    ["the TV", tv, "tv"],
  ]);

  setStep(`${name}: Bo hands his own seat to the computer player and takes it back`);
  await bo.getByTestId(`hand-${BO}`).click();
  await untilToldAsAsked(bo, "Bo told the computer plays for him");
  await until("Ana's strip to say so", async () => (await presenceOf(ana)).Bo === "a computer player plays for them, as they asked");
  await until("the TV to say so", async () => (await presenceOf(tv, "tv")).Bo === "handed over by them");
  if (game === "holdings") {
    await fitsWidth(bo, "the handed seat on a 320 px phone");
    await shotOf(bo, "01-phone320-handed");
    await shotOf(tv, "01-tv-handed");
  }
  await bo.getByTestId("take-seat-back").click();
  await until("Bo's seat his again", async () => (await bo.getByTestId("handed").count()) === 0 && (await presenceOf(ana)).Bo === "connected");

  setStep(`${name}: Bo's page closes; every screen counts down to the stand-in`);
  const closedAt = (await tableOf(ana, id)).version;
  // The countdown lasts a few seconds: each screen notes Bo's states as they show.
  await noteShown(ana, "bo", `[data-testid="presence-strip"] .presence-seat[data-seat="${BO}"]`, "data-state");
  await noteShown(tv, "bo", `[data-testid="presence-tv"] .presence-seat[data-seat="${BO}"]`, "data-state");
  await bo.close();
  let first = NaN;
  await until(
    "the countdown on Ana's strip",
    async () => !Number.isNaN((first = (await shownOf(ana, "bo")).map(countdown).find((n) => !Number.isNaN(n)) ?? NaN)),
  );
  await until("the countdown on the TV", async () => (await shownOf(tv, "bo")).some((s) => !Number.isNaN(tvCountdown(s))));
  if (first > AWAY || first < 0) fail(`the countdown shows ${first} s of a ${AWAY} s wait`);
  if (game === "holdings") {
    await shotOf(ana, "02-phone-countdown");
    await shotOf(tv, "03-tv-countdown");
    // Ana's seat on a 320 px phone too: a second browser with her cookie.
    const small = await ctx.browser.newContext({ ...SMALL_PHONE, storageState: await ana.context().storageState() });
    const ana320 = await small.newPage();
    await ana320.goto(ana.url());
    await until("the countdown on the 320 px phone", async () => /takes over|stands in/.test((await presenceOf(ana320)).Bo ?? ""));
    await fitsWidth(ana320, "the countdown on a 320 px phone");
    await shotOf(ana320, "02-phone320-countdown");
    await small.close();
  }
  // The page counts down by itself (no new frame comes while everyone waits).
  await until("the countdown to go down", async () => (await shownOf(ana, "bo")).some((now) => countdown(now) < first || /on their turn|stands in/.test(now)));

  setStep(`${name}: the stand-in plays Bo's turn and the log marks its moves`);
  // Ana plays her own turns, so the game reaches Bo's seat; once the stand-in
  // has played for Bo, the game stands still at Ana's turn again.
  await until(
    "a computer player to stand in for Bo and move",
    async () => {
      if (standInAt.some((v) => v > closedAt)) return true;
      if (await myTurn(ana)) await personStep[game](ana);
      return false;
    },
    120_000,
  );
  await until("the marked moves in Ana's log", async () => /Computer for Bo: /.test((await ana.locator(".log").first().textContent()) ?? ""));
  await until("Ana's strip to show the stand-in", async () => (await presenceOf(ana)).Bo === "gone · a computer player stands in");
  if (game === "holdings") {
    await ana.evaluate(() => window.scrollTo(0, 0));
    await shotOf(ana, "04-phone-stand-in-log");
  }

  setStep(`${name}: Bo is back; the computer players play the game to its end`);
  const bo2 = await ana
    .context()
    .browser()
    .newContext({ ...SMALL_PHONE, storageState: await bo.context().storageState() })
    .then((c) => c.newPage());
  const errors2 = watchErrors({ bo: bo2 });
  await bo2.goto(`${ctx.base}/t/${id}`);
  await until("Bo connected again", async () => (await presenceOf(ana)).Bo === "connected");
  const backAt = (await tableOf(ana, id)).version;
  // Ana lets the computer play for her: it plays until the game waits on Bo,
  // who is back, so the page's word for it stands still to be read.
  await ana.getByTestId(`hand-${ANA}`).click();
  await untilToldAsAsked(ana, "Ana told the computer plays for her");
  await hand(bo2, id, BO, true);
  const started = Date.now();
  await until("the end of the game", async () => (await tableOf(ana, id)).status === "finished", 300_000);
  log(`${name}: the computer players finished the game in ${Math.round((Date.now() - started) / 1000)} s`);
  const full = await pageApi(ana, "GET", `/api/tables/${id}/log`);
  const marked = full.body.moves.filter((m) => m.standIn);
  if (!marked.length || marked.some((m) => m.seat !== ANA && m.seat !== BO)) fail(`stand-in moves in the stored log: ${JSON.stringify(marked.slice(0, 3))}`);
  // The moves made in Bo's seat while his page was closed are the stand-in's, and say so.
  const away = full.body.moves.filter((m) => m.seat === BO && m.n >= closedAt && m.n < backAt);
  if (!away.length || away.some((m) => !m.standIn || !m.events.some((e) => e[2]?.["@"] === "table.standIn" && e[2].who === "Bo"))) {
    fail(`the moves of Bo's seat while he was gone (versions ${closedAt} to ${backAt}): ${JSON.stringify(away.slice(0, 3))}`);
  }
  if (full.body.moves.some((m) => m.seat === 1 && m.standIn)) fail("the computer player's own moves are marked as a stand-in's");

  setStep(`${name}: the replay marks the stand-in's moves`);
  await ana.goto(`${ctx.base}/t/${id}/replay?at=6`);
  await until("the replay at move 6", async () => (await ana.getByTestId("replay-bar").getAttribute("data-at")) === "6");
  await until("the marked moves in the replay's list", async () =>
    /Computer for Bo: /.test(
      (await ana
        .locator(".replay-log")
        .textContent()
        .catch(() => "")) ?? "",
    ),
  );
  if (game === "holdings") {
    await ana.locator(".replay-log li", { hasText: "Computer for Bo: " }).first().scrollIntoViewIfNeeded();
    await shotOf(ana, "05-phone-replay-marked");
    await ana.getByTestId("play-from-here").scrollIntoViewIfNeeded();
    await shotOf(ana, "05-phone-replay-play-on");
  }

  setStep(`${name}: Ana plays on from move 6; Bo and the TV come along`);
  await ana.getByTestId("play-from-here").click();
  await until("Ana in the new lobby", async () => idOf(ana) !== "" && idOf(ana) !== id && (await ana.getByTestId("fork-banner").count()) > 0);
  const next = idOf(ana);
  const lobby = await tableOf(ana, next);
  await until("Bo's page in the new lobby", async () => idOf(bo2) === next && (await bo2.getByTestId("ready").count()) > 0);
  await until("the TV at the new table", async () => tv.url().endsWith(`/tv/${lobby.tv}`) && (await tv.getByTestId(`tv-seat-${BO}`).count()) > 0);
  const kept = lobby.seats.map((s) => `${s.kind}:${s.name}`).join(" ");
  if (kept !== "human:Ana bot:Computer 2 human:Bo") fail(`the new table's seats are ${kept}`);
  if (!/Bo/.test((await tv.getByTestId(`tv-seat-${BO}`).textContent()) ?? "")) fail("the TV does not show Bo in his seat");
  if (await ana.getByTestId("start").isEnabled()) fail("the start is open before Bo is ready");
  const why = (await ana.locator("#start-why").textContent()) ?? "";
  if (why !== "Waiting for Bo to be ready.") fail(`the start waits for: ${why}`);
  if (game === "holdings") {
    await shotOf(ana, "06-phone-fork-lobby");
    await ana.getByTestId(`seat-${BO}`).scrollIntoViewIfNeeded();
    await shotOf(ana, "06-phone-fork-seats");
    await shotOf(bo2, "07-phone320-fork-lobby");
    await shotOf(tv, "08-tv-fork-lobby");
  }
  await bo2.getByTestId("ready").click();
  await until("the start to become possible", () => ana.getByTestId("start").isEnabled());
  await ana.getByTestId("start").click();
  await playing("the game played on", [
    ["Ana", ana, "strip"],
    ["Bo", bo2, "strip"],
    ["the TV", tv, "tv"],
  ]);

  setStep(`${name}: the new game plays a few moves`);
  const at = (await tableOf(ana, next)).version;
  await hand(ana, next, ANA, true);
  await hand(bo2, next, BO, true);
  await until(
    "a few moves of the new game",
    async () => {
      const t = await tableOf(ana, next);
      return t.status === "finished" || t.version >= at + 4;
    },
    60_000,
  );
  log(`${name}: played on from move 6 of ${id} at ${next}, now at version ${(await tableOf(ana, next)).version}`);
  if (errors.length + errors2.length) fail(`page errors:\n${[...errors, ...errors2].join("\n")}`);
  for (const p of [ana, bo2, tv]) await p.context().close();
}

/** untilToldAsAsked waits until page's note on its handed seat says the computer plays for its person, as they asked. */
const untilToldAsAsked = (page, what) =>
  until(what, async () =>
    /as you asked/.test(
      (await page
        .getByTestId("handed")
        .textContent()
        .catch(() => "")) ?? "",
    ),
  );

export default async function scenario(ctx) {
  // Every game with screens, which needs nothing of its own here. SEATS_GAMES=neko,holdings runs
  // only those games (while working on one).
  for (const g of await everyGame(ctx.base, "seats", null, onlyGames("SEATS_GAMES"))) await oneGame(ctx, g.id, g.name);
}
