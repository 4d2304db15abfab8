// An evening with friends, end to end: the server on every interface and
// pages opened through its network address; the invite page; the TV opened
// by typing its code at /tv; presence on every screen; a player who closes
// their page on their turn, a computer player standing in after the table's
// wait and the player coming back; the host handing a seat to a computer
// player and back; chat and reactions on the phones and the TV; the whole
// log after a reload and on a new TV; play again taking every screen to the
// new lobby; the home page listing this browser's tables. axe-core audits
// every screen on the way.

import { networkInterfaces } from "node:os";
import {
  audit,
  barVersion,
  fail,
  fitsScreen,
  fitsWidth,
  imageShown,
  LAPTOP,
  log,
  logComplete,
  logLength,
  noteShown,
  PHONE,
  setStep,
  shifts,
  shot,
  shownOf,
  TV,
  until,
  watchShifts,
} from "./lib.mjs";

/** lanAddress is this machine's first non-loopback IPv4 address. */
function lanAddress() {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal && !a.address.startsWith("169.254.")) return a.address;
  }
  return null;
}

const moveButtons = (page) => page.locator(".action-bar button[data-move]").evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.move));

/** playTurn plays whatever the page is offered until it has nothing more to do: roll, pass on buying, end. */
async function playTurn(page) {
  for (let i = 0; i < 10; i++) {
    const moves = await moveButtons(page);
    const pick = ["roll", "pass", "end"].find((m) => moves.includes(m)) ?? null;
    if (!pick) return;
    const version = await barVersion(page);
    await page.locator(`.action-bar button[data-move="${pick}"]`).first().click();
    await until(`${pick} to be answered`, async () => (await barVersion(page)) !== version, 10_000);
    if (pick === "end") return;
  }
}

/** presenceOf reads the presence strip: seat name → its state in words. */
const presenceOf = (page, variant = "strip") =>
  page
    .locator(`[data-testid="presence-${variant}"] .presence-seat`)
    .evaluateAll((els) => Object.fromEntries(els.map((el) => [el.querySelector(".presence-name")?.firstChild?.textContent?.trim(), el.dataset.state])));

/**
 * readWholeLog presses page's "Show earlier moves" until its log reaches the
 * start of the game and is as long as the host's (and more() holds); it
 * returns how many times it asked.
 */
async function readWholeLog(page, host, who, more = async () => true) {
  let asked = 0;
  await until(`the whole log on ${who}`, async () => {
    const earlier = page.getByTestId("log-earlier");
    if (await earlier.count()) {
      await earlier.click();
      asked++;
    }
    return (await logComplete(page)) && (await logLength(page)) === (await logLength(host)) && (await more());
  });
  return asked;
}
const logLines = (page) => page.locator(".log .log-lines li").allTextContents();

export default async function scenario(ctx) {
  const { browser } = ctx;
  const lan = lanAddress();
  if (!lan) fail("this machine has no network address besides loopback: the scenario needs one to open pages through it");
  setStep("serve on every interface");
  await ctx.stopServer();
  ctx.serverArgs = ["-addr", `0.0.0.0:${ctx.port}`];
  await ctx.startServer();
  const base = `http://${lan}:${ctx.port}`;
  const loop = `http://127.0.0.1:${ctx.port}`;

  const errors = [];
  const open = async (who, size) => {
    const c = await browser.newContext(size);
    c.setDefaultTimeout(20_000);
    const p = await c.newPage();
    p.on("pageerror", (e) => errors.push(`${who}: ${e.message}`));
    return p;
  };
  const host = await open("host", PHONE);
  const bo = await open("bo", PHONE);
  const cy = await open("cy", { viewport: { width: 1366, height: 768 } });
  const tv = await open("tv", TV);

  setStep("the home page is steady and describes itself");
  // The page has loaded all it shows once both of its reads have answered and
  // it has drawn what they brought: only then is every shift it makes counted.
  const answered = (path) => host.waitForResponse((r) => new URL(r.url()).pathname === path);
  const reads = Promise.all([answered("/api/games"), answered("/api/me/tables")]);
  await host.goto(`${base}/`, { waitUntil: "load" });
  await reads;
  await host.getByRole("radio", { name: /Harbor Holdings/ }).waitFor();
  await host.evaluate(async () => {
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  });
  await watchShifts(host, { fromStart: true });
  const moved = await shifts(host);
  const cls = moved.sum;
  log(`home layout shift on a phone: ${cls.toFixed(3)}`);
  if (cls >= 0.1)
    fail(
      `the home page shifts by ${cls.toFixed(3)} while it loads (at most 0.1); the largest:\n  ${moved.top.map((e) => `${e.value.toFixed(3)}: ${e.sources.join("; ")}`).join("\n  ")}`,
    );
  const description = await host.locator('meta[name="description"]').getAttribute("content");
  if (!description || description.length < 40) fail(`the home page's link-preview description is ${description}`);
  await audit(host, "the home page (phone)");

  setStep("the host opens a table through the network address");
  await host.getByLabel("Your name").fill("Ana");
  await host.getByRole("button", { name: /Open a Harbor Holdings table/ }).click();
  await host.waitForURL(/\/t\/[^/]+$/);
  const tableURL = host.url();
  const invite = await host.getByTestId("invite-link").inputValue();
  if (!invite.startsWith(`${base}/join/`)) fail(`opened through ${base}, the invite link is ${invite}`);
  if (await host.getByTestId("loopback-only").count()) fail("the lobby says only this machine can join, though it has a network address");
  await imageShown("the lobby's QR code", host.locator("img.qr"));
  const code = (await host.getByTestId("join-code").textContent()).trim();
  const tvCode = (await host.getByTestId("tv-code").textContent()).trim();
  await audit(host, "the lobby (phone, host)");

  setStep("a page opened through loopback still invites with the network address");
  const local = await open("local", LAPTOP);
  await local.goto(`${loop}/`);
  const session = await local.evaluate(() => fetch("/api/session", { method: "POST" }).then((r) => r.json()));
  if (session.base !== base || session.loopbackOnly) fail(`through 127.0.0.1 links point to ${JSON.stringify(session)}, not ${base}`);
  await local.context().close();

  setStep("a bad invite says so before asking for a name");
  await bo.goto(`${base}/join/not-a-real-invite`);
  await bo.getByTestId("bad-invite").waitFor();
  const bad = await bo.getByTestId("bad-invite").textContent();
  if (!/invite link/.test(bad) || /\bcode\b.*does not/.test(bad)) fail(`a bad invite link reads: ${bad}`);
  if (await bo.getByLabel("Your name").count()) fail("a bad invite still asks for a name");
  await shot(bo, "01-phone-bad-invite");
  await audit(bo, "a bad invite (phone)");

  setStep("Bo opens the invite: it names the game and the host");
  await bo.goto(invite);
  await bo.getByTestId("invite-info").waitFor();
  const about = await bo.getByTestId("invite-info").textContent();
  if (!/Ana/.test(about) || !/Harbor Holdings/.test(about)) fail(`the invite page says: ${about}`);
  await shot(bo, "02-phone-invite");
  await audit(bo, "the invite page (phone)");
  await bo.getByLabel("Your name").fill("Bo");
  await bo.getByRole("button", { name: "Join the table" }).click();
  await bo.waitForURL(/\/t\//);
  await bo.getByTestId("ready").waitFor();

  setStep("Cy joins on a laptop: I'm ready is in view at 1366 × 768, then Cy watches");
  await cy.goto(`${base}/`);
  await cy.getByLabel("Your name").fill("Cy");
  await cy.getByLabel("Table code").fill(code);
  await cy.getByRole("button", { name: "Join", exact: true }).click();
  await cy.waitForURL(/\/t\//);
  const ready = cy.getByTestId("ready");
  await ready.waitFor();
  const box = await ready.boundingBox();
  if (!box || box.y + box.height > 768) fail(`"I'm ready" is at y=${box?.y} on a 1366 × 768 laptop`);
  await shot(cy, "03-laptop-lobby");
  await audit(cy, "the lobby (laptop, guest)");
  const tableId = tableURL.split("/t/")[1];
  await cy.evaluate(
    (id) => fetch(`/api/tables/${id}/seat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seat: -1 }) }),
    tableId,
  );
  await until("the host to see Cy watching", async () =>
    /Cy/.test(
      (await host
        .getByTestId("watchers")
        .textContent()
        .catch(() => "")) ?? "",
    ),
  );

  setStep("the TV opens by typing its code at /tv");
  await tv.goto(`${base}/tv`);
  // The page draws once its words have loaded: audit it then, not the empty page before.
  await tv.getByLabel("TV code").waitFor();
  await audit(tv, "the TV code page");
  await shot(tv, "04-tv-entry");
  await tv.getByLabel("TV code").fill(tvCode.toLowerCase());
  await tv.getByRole("button", { name: "Show the table" }).click();
  await tv.waitForURL(new RegExp(`/tv/${tvCode}$`));
  await imageShown("the TV's QR code", tv.getByTestId("tv-qr"));
  const joinAt = await tv.getByTestId("tv-url").textContent();
  if (!joinAt.includes(`${lan}:${ctx.port}`)) fail(`the TV says join ${joinAt}`);
  if (!(await tv.getByTestId("fullscreen").count())) fail("the TV has no full-screen button");
  await audit(tv, "the TV lobby");

  setStep("the host sets a short game and a 3-second wait for lost connections");
  const rounds = host.getByLabel("Rounds");
  await rounds.fill("5");
  await rounds.dispatchEvent("change");
  await until("the round limit", async () => (await host.getByLabel("Rounds").inputValue()) === "5");
  const wait = host.getByLabel(/Wait for a lost connection/);
  await wait.fill("3");
  await wait.dispatchEvent("change");
  await until("the wait to apply", async () => (await pageApiGet(host, tableId)).awaySeconds === 3);
  await host.getByRole("button", { name: "Add a computer player", exact: true }).click();
  await until("the computer player", async () => (await host.locator(".seat-bot").count()) === 1);
  await bo.getByTestId("ready").click();
  await until("start to become possible", () => host.getByTestId("start").isEnabled());
  await host.getByTestId("start").click();
  for (const [who, p] of [
    ["host", host],
    ["bo", bo],
    ["cy", cy],
    ["tv", tv],
  ])
    await until(`${who}'s board`, () => p.locator("svg.board").count());

  setStep("presence on every screen");
  await until("everyone connected on the host's strip", async () => {
    const p = await presenceOf(host);
    return p.Ana === "connected" && p.Bo === "connected" && p["Computer 3"] === "computer player";
  });
  await until("the TV's presence bar", async () => (await presenceOf(tv, "tv")).Bo === "connected");
  await until("the host to see Cy watching during play", async () =>
    /Watching: Cy/.test(
      (await host
        .getByTestId("watchers")
        .textContent()
        .catch(() => "")) ?? "",
    ),
  );
  await fitsWidth(host, "the phone game with presence");
  await fitsScreen(tv, "the TV game with its presence bar");
  await shot(host, "05-phone-game-presence");
  await shot(tv, "06-tv-game-presence");
  await audit(host, "the game (phone, host)");
  await audit(bo, "the game (phone, player)");
  await audit(cy, "the game (laptop, watching)");
  await audit(tv, "the TV game");
  const head = await host.locator(".play-head").evaluate((el) => getComputedStyle(el).position);
  if (head !== "sticky") fail(`the whose-turn header is ${head} on a phone`);

  setStep("chat and a reaction reach the other phones and the TV");
  // The TV shows each line as a toast for a few seconds: it is noted as it shows.
  await noteShown(tv, "toasts", '[data-testid="chat-toasts"]');
  await bo.locator("#chat-input").fill("<b>hello</b> & welcome, Ana");
  await bo.getByRole("button", { name: "Send" }).click();
  await bo.getByRole("button", { name: "React: party" }).click();
  await until("the message on the host's phone", async () =>
    /<b>hello<\/b> & welcome, Ana/.test(
      (await host
        .getByTestId("chat-lines")
        .textContent()
        .catch(() => "")) ?? "",
    ),
  );
  if (await host.locator(".chat-lines b").count()) fail("a chat message became markup");
  await until("the reaction on the host's phone", async () => (await host.locator(".chat-lines .chat-emoji", { hasText: "🎉" }).count()) === 1);
  await until("the message on the TV", async () => (await shownOf(tv, "toasts")).some((t) => /welcome, Ana/.test(t)));
  await until("the reaction on the TV", async () => (await shownOf(tv, "toasts")).some((t) => /🎉/.test(t)));
  await until("the message on Cy's laptop", async () =>
    /welcome, Ana/.test(
      (await cy
        .getByTestId("chat-lines")
        .textContent()
        .catch(() => "")) ?? "",
    ),
  );
  await shot(tv, "07-tv-chat");
  await host.getByTestId("chat").scrollIntoViewIfNeeded();
  await shot(host, "08-phone-chat");
  await host.evaluate(() => window.scrollTo(0, 0));

  setStep("Ana plays her turn; Bo closes his page on his");
  await playTurn(host);
  await until("Bo's turn", async () => (await moveButtons(bo)).length > 0);
  await bo.close();
  await until("the host to see Bo gone", async () => /not connected|gone/.test((await presenceOf(host)).Bo ?? ""));
  await until("the TV to see Bo gone", async () => /offline|gone/.test((await presenceOf(tv, "tv")).Bo ?? ""));
  await shot(host, "09-phone-bo-gone");
  await until("a computer player to stand in for Bo", async () => (await presenceOf(host)).Bo === "gone · a computer player stands in", 15_000);
  await until("the game to move on past Bo", async () => (await moveButtons(host)).length > 0, 20_000);
  await shot(tv, "10-tv-stand-in");

  setStep("Bo comes back, gets his seat and the whole log");
  const bo2 = await bo.context().newPage();
  bo2.on("pageerror", (e) => errors.push(`bo: ${e.message}`));
  await bo2.goto(tableURL);
  await bo2.locator("svg.board").waitFor();
  await until("Bo connected again on the host's strip", async () => (await presenceOf(host)).Bo === "connected");
  // A reloaded page gets the last moves at once; Bo asks for the earlier ones
  // (the button at the end of the log) until his log reaches the start of the game.
  // The host's log holds at least the stand-in's turn for Bo (a roll, a move,
  // an end), and Ana's turn before it when she was first to play.
  const asked = await readWholeLog(bo2, host, "Bo's reloaded page", async () => (await logLength(host)) >= 3);
  const lines = await bo2.locator(".log .log-lines li").count();
  if (lines !== (await logLength(host))) fail(`Bo's reloaded log shows ${lines} lines of ${await logLength(host)}`);
  log(`Bo's reloaded page holds the ${lines} lines of the log${asked ? `, after asking ${asked} time(s) for earlier moves` : " from its first log frame"}`);

  setStep("a new TV shows the same log as the TV that stayed");
  const tv2 = await open("tv2", TV);
  await tv2.goto(`${base}/tv/${tvCode}`);
  await tv2.locator("svg.board").waitFor();
  // The TV shows its last lines only and asks for earlier moves only when it
  // holds fewer: its log is the whole game's when the first log frame reached
  // the start, else at least what it shows.
  await until("the new TV's log", async () => {
    const [shown, stayed] = [await logLines(tv2), await logLines(tv)];
    const [n, all] = [await logLength(tv2), await logLength(host)];
    return shown.length > 0 && shown.join("\n") === stayed.join("\n") && ((await logComplete(tv2)) ? n === all : n >= shown.length && n < all);
  });
  log(`the new TV holds ${await logLength(tv2)} of the ${await logLength(host)} lines of the log (complete: ${await logComplete(tv2)})`);
  await tv2.context().close();

  setStep("the host hands Bo's seat to a computer player, then gives it back");
  await playTurn(host);
  await host.getByTestId("hand-1").click();
  await until("Bo told the computer has his seat", () => bo2.getByTestId("handed").count());
  await until("the strip to say so", async () => (await presenceOf(host)).Bo === "Ana handed the seat to a computer player");
  await shot(bo2, "11-phone-handed");
  await until("the computer to play for Bo and the turn to come back to Ana", async () => (await moveButtons(host)).length > 0, 20_000);
  await host.getByTestId("hand-1").click();
  await until("Bo's seat given back", async () => (await bo2.getByTestId("handed").count()) === 0 && (await presenceOf(host)).Bo === "connected");

  setStep("the game plays to its end");
  for (let k = 0; k < 400; k++) {
    if (await host.getByTestId("ranking").count()) break;
    await playTurn(host);
    await playTurn(bo2);
    await new Promise((r) => setTimeout(r, 50));
    if (k === 399) fail("the game did not end");
  }
  await host.getByTestId("play-again").waitFor();
  await bo2.getByTestId("play-again").waitFor();
  await shot(host, "12-phone-play-again");
  await audit(host, "the end of the game (phone, host)");
  await audit(tv, "the TV ranking");

  setStep("Cy reloads the finished game: the last moves at once, the earlier ones when asked for");
  await cy.reload();
  await cy.getByTestId("ranking").waitFor();
  const cyAsked = await readWholeLog(cy, host, "Cy's reloaded page");
  const cyLines = await cy.locator(".log .log-lines li").allTextContents();
  const tvAll = await logLength(tv);
  if (cyLines.length !== tvAll) fail(`Cy's reloaded log shows ${cyLines.length} lines, the TV that stayed holds ${tvAll}`);
  log(
    `Cy's reloaded page holds the ${cyLines.length} lines of the finished game${cyAsked ? `, after asking ${cyAsked} time(s) for earlier moves` : " from its first log frame"}`,
  );

  setStep("play again takes every screen and the TV to the new lobby");
  await host.getByTestId("again").click();
  await host.waitForURL((u) => u.href !== tableURL && /\/t\//.test(u.href));
  const nextURL = host.url();
  await bo2.waitForURL(nextURL);
  await cy.waitForURL(nextURL);
  await tv.waitForURL((u) => /\/tv\//.test(u.href) && !u.href.endsWith(`/tv/${tvCode}`));
  await until("the new lobby on Bo's phone", () => bo2.getByTestId("ready").count());
  await until("the new TV lobby", () => tv.getByTestId("tv-qr").count());
  // The host's page draws the new lobby on its own time: read its seats once all three are there.
  const filled = host.locator(".seat:not(.seat-empty) .seat-name");
  await until("the new lobby's three seats on the host's phone", async () => (await filled.count()) === 3);
  const seats = await filled.allTextContents();
  if (seats.length !== 3 || !/Ana/.test(seats[0]) || !/Bo/.test(seats[1]) || !/Computer/.test(seats[2])) fail(`the new table's seats: ${seats}`);
  if ((await host.getByLabel("Rounds").inputValue()) !== "5") fail("the new table lost the options");
  await shot(tv, "13-tv-new-lobby");

  setStep("the home page lists this browser's tables");
  await bo2.goto(`${base}/`);
  await until("Bo's two tables", async () => (await bo2.locator('[data-testid="your-tables"] > li').count()) === 2);
  await until("the finished table's replay on the home page", async () => (await bo2.getByTestId("your-table-replay").count()) === 1);
  const listed = await bo2.getByTestId("your-tables").textContent();
  if (!/Harbor Holdings/.test(listed) || !/Ana, Bo, Computer 3/.test(listed) || !/in the lobby/.test(listed) || !/game is over/.test(listed))
    fail(`Bo's tables read: ${listed}`);
  await shot(bo2, "14-phone-home-your-tables");
  await audit(bo2, "the home page with tables (phone)");
  await bo2.locator('[data-testid="your-tables"] a', { hasText: "in the lobby" }).click();
  await bo2.waitForURL(nextURL);

  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}

/** pageApiGet reads a table's lobby as the page's browser. */
function pageApiGet(page, id) {
  return page.evaluate((id) => fetch(`/api/tables/${id}`).then((r) => r.json()), id);
}
