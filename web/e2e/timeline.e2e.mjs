// The table's timeline end to end, on a Harbor Holdings table: a host on a
// phone with take-backs allowed and one computer player; a purchase taken
// back and made again, no take-back after a roll (the server refuses one
// too); the game to its end; its replay stepped through on the phone and on
// the TV, a link opening at a given move; and "Play on from here" opening a
// new table at that moment, played for a few turns, while the TV at the
// replay follows there and a watcher studying the replay is asked to join.

import { audit, fail, fitsScreen, fitsWidth, LAPTOP, pageApi, PHONE, setStep, shot, SMALL_PHONE, TV, until } from "./lib.mjs";

/** enabledMoves lists the turn moves the action bar offers. */
const enabledMoves = (page) => page.locator(".action-bar button[data-move]").evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.move));

const boardPositions = (page) => page.locator("svg.board").first().getAttribute("data-positions");

/**
 * click makes move on page and waits for the server's answer: the action bar
 * drawn at a new version (or gone). The page disables its moves while one is
 * on its way, so a move no longer offered says only that it was sent, and a
 * check made then would look at the table from before the move.
 */
async function click(page, move) {
  const version = () => page.locator(".action-bar").evaluateAll((els) => els[0]?.getAttribute("data-version") ?? "gone");
  const before = await version();
  await page.locator(`.action-bar button[data-move="${move}"]`).first().click();
  await until(`${move} to be answered`, async () => (await version()) !== before, 10_000);
}

/**
 * refusedUndo sends a take-back over a WebSocket of the page's own and returns
 * the error code. When the table moved on meanwhile (a computer player's turn
 * after the roll), the answer is stale_version: it asks again at the newest
 * version, where the take-back must still be refused.
 */
const refusedUndo = (page, id) =>
  page.evaluate(
    (id) =>
      new Promise((ok) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws?table=${id}`);
        let version = -1;
        let tries = 0;
        const ask = () => {
          tries++;
          ws.send(JSON.stringify({ t: "undo", v: version, d: {} }));
        };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.t === "state") {
            const first = version < 0;
            version = m.v;
            if (first) ask();
          } else if (m.t === "error" && m.d.code === "stale_version" && tries < 5) {
            setTimeout(ask, 200);
          } else if (m.t === "error") {
            ws.close();
            ok(m.d.code);
          }
        };
        setTimeout(() => ok("no answer in 10 s"), 10_000);
      }),
    id,
  );

export default async function scenario(ctx) {
  const { base } = ctx;
  const host = await ctx.newPage(PHONE);

  setStep("the host opens a Holdings table with take-backs, a computer player and four rounds");
  await host.goto(`${base}/`);
  await host.getByRole("radio", { name: /Harbor Holdings/ }).check();
  await host.getByLabel("Your name").fill("Ana");
  await host.getByRole("button", { name: /Open a Harbor Holdings table/ }).click();
  await host.waitForURL(/\/t\/[^/]+$/);
  const id = host.url().split("/t/")[1];
  const tvHref = await host.getByTestId("open-tv").getAttribute("href");
  await host.getByRole("button", { name: "Add a computer player", exact: true }).click();
  await until("the computer player", async () => (await host.locator(".seat-bot").count()) === 1);
  const rounds = host.getByLabel("Rounds");
  await rounds.fill("4");
  await rounds.dispatchEvent("change");
  await until("the round limit", async () => (await host.getByLabel("Rounds").inputValue()) === "4");
  // The box shows what the server holds, so it turns on when the lobby comes back.
  await host.getByTestId("opt-undo").click();
  await until("take-backs to be allowed", () => host.getByTestId("opt-undo").isChecked());
  await host.getByTestId("opt-undo").scrollIntoViewIfNeeded();
  await fitsWidth(host, "the lobby with the timeline settings");
  await shot(host, "01-phone-lobby-settings");
  await host.getByTestId("start").click();
  await until("the game", () => host.locator("svg.board").count());

  setStep("Bo comes to watch");
  const { body: invited } = await pageApi(host, "GET", `/api/tables/${id}`);
  const bo = await ctx.newPage(PHONE);
  await bo.goto(`${base}/join/${invited.invite}`);
  await bo.getByLabel("Your name").fill("Bo");
  await bo.getByRole("button", { name: "Join the table" }).click();
  await bo.waitForURL(new RegExp(`/t/${id}$`));

  setStep("a purchase is taken back and made again; a roll cannot be taken back");
  let tookBack = false;
  for (let turn = 0; turn < 40 && !tookBack; turn++) {
    await until("the host's turn", async () => (await enabledMoves(host)).length > 0, 20_000);
    const moves = await enabledMoves(host);
    if (moves.includes("roll")) {
      await click(host, "roll");
      if (await host.getByTestId("undo").count()) fail("a roll was offered as something to take back");
      const refused = await refusedUndo(host, id);
      if (refused !== "conflict") fail(`the server did not refuse taking back a roll: ${refused}`);
      continue;
    }
    if (moves.includes("buy")) {
      const coins = await host.getByTestId("my-coins").getAttribute("data-coins");
      await click(host, "buy");
      await host.getByTestId("undo").waitFor();
      if ((await host.getByTestId("my-coins").getAttribute("data-coins")) === coins) fail("buying did not cost anything");
      await shot(host, "02-phone-take-back-offered");
      await host.getByTestId("undo").click();
      await until(
        "the purchase to be taken back",
        async () => (await host.getByTestId("my-coins").getAttribute("data-coins")) === coins && (await enabledMoves(host)).includes("buy"),
      );
      const logText = await host.locator(".log").first().textContent();
      if (!/took back/.test(logText ?? "")) fail("the log does not say that a move was taken back");
      await click(host, "buy");
      tookBack = true;
      continue;
    }
    await click(host, moves.includes("end") ? "end" : moves[0]);
  }
  if (!tookBack) fail("no purchase came up to take back");

  setStep("the game to its end");
  for (let i = 0; i < 400; i++) {
    if (await host.getByTestId("replay-link").count()) break;
    const moves = await enabledMoves(host);
    const pick = ["roll", "buy", "end"].find((m) => moves.includes(m)) ?? moves[0];
    if (pick) await click(host, pick);
    else await host.waitForTimeout(100);
  }
  await host.getByTestId("replay-link").waitFor();

  setStep("the replay on the phone, step by step");
  await host.getByTestId("replay-link").click();
  await host.waitForURL(/\/replay/);
  const bar = host.getByTestId("replay-bar");
  await bar.waitFor();
  const total = Number(await bar.getAttribute("data-total"));
  if (!(total > 10)) fail(`the replay has ${total} moves`);
  await until("the replay to open at the end", async () => Number(await bar.getAttribute("data-at")) === total);
  // Ana played this game: the replay does not call her a watcher.
  if (await host.getByText("You are watching.").count()) fail("the replay tells the host, who played the game, that she is watching");
  await host.getByRole("button", { name: "To the start" }).click();
  await until("move 0", async () => (await bar.getAttribute("data-at")) === "0");
  const atStart = await boardPositions(host);
  const seen = new Set([atStart]);
  for (let n = 1; n <= 6; n++) {
    await host.getByTestId("replay-forward").click();
    await until(`move ${n}`, async () => (await bar.getAttribute("data-at")) === String(n));
    seen.add(await boardPositions(host));
  }
  if (seen.size < 2) fail("stepping through six moves never moved a token");
  if (!/[?&]at=6\b/.test(host.url())) fail(`the address does not follow the replay: ${host.url()}`);
  await host.getByTestId("replay-back").click();
  await until("back to move 5", async () => (await bar.getAttribute("data-at")) === "5");
  await fitsWidth(host, "the replay");
  await shot(host, "03-phone-replay");
  await audit(host, "the replay (phone)");
  await host.setViewportSize(SMALL_PHONE.viewport);
  await fitsWidth(host, "the replay on a 320 px phone");
  await shot(host, "03-small-phone-replay");
  await host.setViewportSize(LAPTOP.viewport);
  await fitsWidth(host, "the replay on a laptop");
  await shot(host, "03-laptop-replay");
  await audit(host, "the replay (laptop)");
  await host.setViewportSize(PHONE.viewport);

  setStep("a link opens the replay at a given move");
  const linked = await host.context().newPage();
  await linked.goto(`${base}/t/${id}/replay?at=3`);
  await until("the link's move", async () => (await linked.getByTestId("replay-bar").getAttribute("data-at")) === "3");

  setStep("the replay on the TV");
  const tv = await ctx.newPage(TV);
  await tv.goto(`${base}${tvHref}/replay?at=2`);
  const tvBar = tv.getByTestId("replay-bar");
  await until("the TV's replay at move 2", async () => (await tvBar.getAttribute("data-at")) === "2");
  await tv.getByTestId("replay-forward").click();
  await until("the TV at move 3", async () => (await tvBar.getAttribute("data-at")) === "3");
  if ((await boardPositions(tv)) === null) fail("the TV replay shows no board");
  await fitsScreen(tv, "the TV replay");
  await shot(tv, "04-tv-replay");
  await audit(tv, "the TV replay");

  setStep("the home page's list of tables leads to the replay");
  const home = await host.context().newPage();
  await home.goto(`${base}/`);
  await home.getByTestId("your-table-replay").first().waitFor();
  await home.getByTestId("your-table-replay").first().click();
  await home.waitForURL(new RegExp(`/t/${id}/replay`));
  await home.getByTestId("replay-bar").waitFor();
  await home.close();

  setStep("Bo, who watched the game, studies its replay");
  await bo.goto(`${base}/t/${id}/replay?at=4`);
  const boBar = bo.getByTestId("replay-bar");
  await until("Bo's replay at move 4", async () => (await boBar.getAttribute("data-at")) === "4");
  if (await bo.getByTestId("replay-next").count()) fail("Bo is asked to join a new table before anyone opened one");

  setStep("play on from a moment of the replay");
  await host.getByRole("button", { name: "To the start" }).click();
  for (let n = 1; n <= 8; n++) await host.getByTestId("replay-forward").click();
  await until("move 8", async () => (await bar.getAttribute("data-at")) === "8");
  const there = await boardPositions(host);
  await host.getByTestId("play-from-here").click();
  await host.waitForURL(/\/t\/[^/]+$/);
  if (host.url().endsWith(`/t/${id}`)) fail("play on from here stayed at the old table");
  await host.getByTestId("fork-note").waitFor();
  if (!/move 8\b/.test((await host.getByTestId("fork-note").textContent()) ?? "")) fail("the new lobby does not say where the game starts");
  if ((await host.locator(".seat-bot").count()) !== 1) fail("the computer player did not keep its seat");
  await shot(host, "05-phone-fork-lobby");
  const fork = host.url().split("/t/")[1];
  const { body: forked } = await pageApi(host, "GET", `/api/tables/${fork}`);

  setStep("the TV at the replay follows to the new table; Bo is asked to join it");
  await tv.waitForURL(new RegExp(`/tv/${forked.tv}$`));
  const ask = bo.getByTestId("replay-next");
  await ask.waitFor();
  if (!/Ana plays on from move 8\b/.test((await ask.textContent()) ?? "")) fail(`Bo's replay says: ${await ask.textContent()}`);
  if (!bo.url().includes(`/t/${id}/replay`) || (await boBar.getAttribute("data-at")) !== "4") fail("Bo was taken away from the move he was studying");
  await fitsWidth(bo, "the replay asking to join the new table");
  await shot(bo, "05-phone-replay-asks-to-join");
  await audit(bo, "the replay asking to join the new table");
  await bo.setViewportSize(SMALL_PHONE.viewport);
  await fitsWidth(bo, "the replay asking to join, on a 320 px phone");
  await shot(bo, "05-small-phone-replay-asks-to-join");
  await bo.getByTestId("replay-next-join").click();
  await bo.waitForURL(new RegExp(`/t/${fork}$`));
  await bo.getByTestId("fork-banner").waitFor();
  await until("Ana's second tab at the replay to be asked too", () => linked.getByTestId("replay-next").isVisible());
  if (!/^You play on from move 8\b.*Your seat there waits for you/.test((await linked.getByTestId("replay-next").textContent()) ?? ""))
    fail(`Ana's other tab says: ${await linked.getByTestId("replay-next").textContent()}`);
  await linked.getByTestId("replay-next-later").click();
  await until("the question to go when Ana keeps watching", async () => (await linked.getByTestId("replay-next").count()) === 0);
  await host.getByTestId("start").click();
  await until("the game played on", () => host.locator("svg.board").count());
  // The computer player may move as soon as the game starts (it does not
  // wait in these tests), so only Ana's own token, which nothing moves until
  // she plays, must stand where the replay showed it.
  const ana = (positions) => (positions ?? "").split(",")[0];
  const anaNow = ana(await boardPositions(host));
  if (anaNow !== ana(there)) fail(`the new game does not start where the replay was: Ana at ${anaNow}, the replay at ${ana(there)}`);
  for (let i = 0, made = 0; i < 60 && made < 6; i++) {
    const moves = await enabledMoves(host);
    const pick = ["roll", "buy", "end"].find((m) => moves.includes(m));
    if (pick) {
      await click(host, pick);
      made++;
    } else await host.waitForTimeout(100);
  }
  await shot(host, "06-phone-fork-playing");
}
