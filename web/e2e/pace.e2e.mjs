// At your own pace: Ana (laptop) and Bo (phone) play Harbor Holdings over
// days, at two tables: Ana's, whose pace she sets in the lobby (12 hours a
// turn, skipped when the time runs out), and Bo's, set through the API. Each
// takes a turn when it is theirs, with page reloads in between and the
// server stopped and started again on the same data file. Each time, the
// home page lists the tables where it is the person's turn first, with the
// time left; the turn's deadline is the same after the restart as before.

import { audit, fail, holdingsTurn, log, pageApi, setStep, shot, until, watchErrors } from "./lib.mjs";

const PACE = { mode: "own", limit: 43200, rule: "skip" };

/** lobby reads table id's lobby JSON as page's person sees it. */
async function lobby(page, id) {
  const r = await pageApi(page, "GET", `/api/tables/${id}`);
  if (r.status !== 200) fail(`reading table ${id}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** seatOf is the seat of the person called name at a table's lobby. */
const seatOf = (l, name) => l.seats.findIndex((s) => s.name === name);

/** whoseTurn is the name of the person the game at table id waits on. */
async function whoseTurn(page, id) {
  const l = await lobby(page, id);
  if (l.waiting?.length !== 1) fail(`table ${id} waits on ${JSON.stringify(l.waiting)}`);
  return l.seats[l.waiting[0]].name;
}

/** saw holds who has seen their turn first on their home page since it was last cleared. */
const saw = new Set();

/**
 * homeFirst opens the home page of person and checks that the tables where
 * it is their turn (as the server says) come first, marked "your turn",
 * each with the time left, and the others after them, unmarked; it
 * returns the ids in the order listed.
 */
async function homeFirst(page, base, person, ids) {
  await page.goto(`${base}/`);
  const rows = page.locator('[data-testid="your-tables"] > li');
  await until(`${person}'s ${ids.length} tables on the home page`, async () => (await rows.count()) === ids.length);
  const mine = [];
  for (const id of ids) if ((await whoseTurn(page, id)) === person) mine.push(id);
  const listed = [];
  for (let i = 0; i < ids.length; i++) {
    const row = rows.nth(i);
    const id = await row.getAttribute("data-table");
    listed.push(id);
    const marked = (await row.getByTestId("your-turn-mark").count()) === 1;
    if (marked !== mine.includes(id)) fail(`${person}'s home marks table ${id} ${marked ? "as" : "not as"} their turn: ${await row.textContent()}`);
    const left = await row.getByTestId("time-left").textContent();
    if (!/left/.test(left ?? "")) fail(`${person}'s home shows no time left at table ${id}: ${await row.textContent()}`);
  }
  const first = listed.slice(0, mine.length);
  if (!mine.every((id) => first.includes(id))) fail(`${person}'s home lists ${listed}, want their turn (${mine}) first`);
  if (mine.length > 0) saw.add(person);
  log(`${person}'s home: ${listed.join(", ")}, their turn at ${mine.join(", ") || "neither"}`);
  return listed;
}

/** playTurn plays person's whole turn at table id on page (roll, decline to buy, end), reloading the page once on the way. */
async function playTurn(page, base, person, id) {
  await page.goto(`${base}/t/${id}`);
  await page.locator("svg.board").waitFor();
  let reloaded = false;
  for (let k = 0; k < 30; k++) {
    if ((await whoseTurn(page, id)) !== person) return;
    if (await holdingsTurn(page, ["roll", "pass", "end"])) {
      if (!reloaded) {
        reloaded = true;
        await page.reload();
        await page.locator("svg.board").waitFor();
      }
    } else await new Promise((r) => setTimeout(r, 100));
  }
  fail(`${person}'s turn at ${id} did not end`);
}

export default async function scenario(ctx) {
  const { base } = ctx;
  const ana = await ctx.newPage({ viewport: { width: 1280, height: 800 } });
  const bo = await ctx.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const errors = watchErrors({ ana, bo });

  setStep("Ana sets her table's pace in the lobby");
  await ana.goto(`${base}/`);
  const made = await pageApi(ana, "POST", "/api/tables", { game: "holdings", name: "Ana" });
  if (made.status !== 201) fail(`opening Ana's table: ${made.status} ${JSON.stringify(made.body)}`);
  const a = made.body.id;
  await ana.goto(`${base}/t/${a}`);
  await ana.getByTestId("pace-own").click(); // the lobby the server sends back checks it
  await until("the own pace's choices", async () => (await ana.getByTestId("pace-limit").count()) === 1);
  if ((await ana.locator("#opt-turn-timer").count()) !== 0) fail("the live turn timer is offered at own pace");
  await ana.getByTestId("pace-limit").selectOption("43200");
  await until("12 hours a turn", async () => (await lobby(ana, a)).pace.limit === 43200);
  await ana.getByTestId("pace-rule").selectOption("skip");
  await until("the rule skip", async () => (await lobby(ana, a)).pace.rule === "skip");
  const pace = (await lobby(ana, a)).pace;
  if (JSON.stringify(pace) !== JSON.stringify(PACE)) fail(`the lobby's pace is ${JSON.stringify(pace)}, want ${JSON.stringify(PACE)}`);
  await shot(ana, "01-laptop-lobby-own-pace");
  await audit(ana, "the lobby at own pace (laptop)");

  setStep("Bo joins Ana's table and opens his own at the same pace");
  await bo.goto(`${base}/`);
  const join = await pageApi(bo, "POST", "/api/join", { invite: made.body.invite, name: "Bo" });
  if (join.status !== 200) fail(`Bo joining: ${join.status} ${JSON.stringify(join.body)}`);
  await pageApi(bo, "POST", `/api/tables/${a}/ready`, { ready: true });
  const his = await pageApi(bo, "POST", "/api/tables", { game: "holdings", name: "Bo" });
  if (his.status !== 201) fail(`opening Bo's table: ${his.status} ${JSON.stringify(his.body)}`);
  const b = his.body.id;
  const set = await pageApi(bo, "POST", `/api/tables/${b}/options`, { options: {}, turnSeconds: 0, pace: PACE });
  if (set.status !== 200) fail(`Bo setting the pace: ${set.status} ${JSON.stringify(set.body)}`);
  await pageApi(ana, "POST", "/api/join", { invite: his.body.invite, name: "Ana" });
  await pageApi(ana, "POST", `/api/tables/${b}/ready`, { ready: true });
  const started = await pageApi(bo, "POST", `/api/tables/${b}/start`);
  if (started.status !== 200) fail(`Bo starting: ${started.status} ${JSON.stringify(started.body)}`);
  await ana.goto(`${base}/t/${a}`);
  await ana.getByTestId("start").click();
  await ana.locator("svg.board").waitFor();
  const la = await lobby(ana, a);
  const left = la.deadline - Date.now();
  if (!(left > 11.9 * 3600_000 && left <= 12 * 3600_000)) fail(`the turn's deadline at Ana's table is ${la.deadline} (${left} ms away)`);
  if (seatOf(la, "Bo") < 0) fail(`Bo sits nowhere at Ana's table: ${JSON.stringify(la.seats)}`);
  // The play screen says the turn's time in words: the time left to the
  // person on turn, until when (local time) to everyone else.
  const clockWant = (await whoseTurn(ana, a)) === "Ana" ? /^(11 h \d\d|12 h 00) min left$/ : /^Bo has until \d\d:\d\d (today|tomorrow)$/;
  await until("the turn's time on Ana's play screen", async () => clockWant.test((await ana.getByTestId("countdown").textContent())?.trim() ?? ""));
  await shot(ana, "01b-laptop-play-turn-time");

  setStep("each sees their turn first on the home page");
  // Who begins is the game's draw: when one person begins at both tables,
  // they play one of them first, so each has a turn somewhere.
  const begins = [await whoseTurn(ana, a), await whoseTurn(ana, b)];
  if (begins[0] === begins[1]) {
    log(`${begins[0]} begins at both tables and plays Ana's first`);
    await playTurn(begins[0] === "Ana" ? ana : bo, base, begins[0], a);
  }
  await homeFirst(ana, base, "Ana", [a, b]);
  await shot(ana, "02-laptop-home-your-turn-first");
  await audit(ana, "the home page at own pace (laptop)");
  await homeFirst(bo, base, "Bo", [a, b]);
  await shot(bo, "03-phone-home-your-turn-first");
  if (saw.size !== 2) fail(`only ${[...saw]} saw their turn first before the restart`);

  setStep("whoever is on turn at Ana's table plays it, with a reload on the way");
  const firstAtA = await whoseTurn(ana, a);
  await playTurn(firstAtA === "Ana" ? ana : bo, base, firstAtA, a);
  const nextAtA = await whoseTurn(ana, a);
  if (nextAtA === firstAtA) fail(`the turn at Ana's table stayed with ${firstAtA}`);

  setStep("the server stops and starts again on the same data file");
  const before = { a: (await lobby(ana, a)).deadline, b: (await lobby(ana, b)).deadline };
  await ctx.stopServer();
  await ctx.startServer();
  await ana.reload();
  await bo.reload();
  const after = { a: (await lobby(ana, a)).deadline, b: (await lobby(bo, b)).deadline };
  if (after.a !== before.a || after.b !== before.b) fail(`the deadlines were ${JSON.stringify(before)} and are ${JSON.stringify(after)} after the restart`);
  log(`deadlines kept across the restart: ${JSON.stringify(after)}`);
  saw.clear();
  await homeFirst(ana, base, "Ana", [a, b]);
  await homeFirst(bo, base, "Bo", [a, b]);

  setStep("the game goes on after the restart: the turns at both tables are played");
  for (const id of [a, b]) {
    const who = await whoseTurn(ana, id);
    await playTurn(who === "Ana" ? ana : bo, base, who, id);
    if ((await whoseTurn(ana, id)) === who) fail(`the turn at ${id} stayed with ${who}`);
  }
  const listedA = await homeFirst(ana, base, "Ana", [a, b]);
  const listedB = await homeFirst(bo, base, "Bo", [a, b]);
  log(`after the restart: Ana's home ${listedA}, Bo's home ${listedB}`);
  if (saw.size !== 2) fail(`only ${[...saw]} saw their turn first after the restart`);
  await shot(bo, "04-phone-home-after-restart");
  await audit(bo, "the home page at own pace (phone)");
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
