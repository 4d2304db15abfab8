// Harbor Holdings end to end: a host on a phone, a friend on a laptop, a
// computer player and the TV play a shortened game through the pages: invite
// link and QR code, lobby, turns, a trade offered, countered and accepted, a
// refusal, a reload, the board from the keyboard, a server restart, and the
// game to its end with the ranking on every screen.

import { audit, fail, fitsScreen, fitsWidth, imageShown, LAPTOP, log, PHONE, TV, setStep, shot, STEP_TIMEOUT, until } from "./lib.mjs";

const boardState = (page) =>
  page
    .locator("svg.board")
    .first()
    .evaluate((el) => ({
      positions: el.getAttribute("data-positions"),
      owners: el.getAttribute("data-owners"),
      levels: el.getAttribute("data-levels"),
    }));

/** moveButtons lists the turn moves offered in the action bar. */
const moveButtons = (page) => page.locator(".action-bar button[data-move]").evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.move));

/** act makes one turn move on page if one is offered (preferring buy when wanted); it returns the move made or null. */
async function act(page, { buy = true } = {}) {
  const moves = await moveButtons(page);
  const pick = moves.includes("roll")
    ? "roll"
    : buy && moves.includes("buy")
      ? "buy"
      : moves.includes("pass") && !buy
        ? "pass"
        : moves.includes("end")
          ? "end"
          : null;
  if (!pick) return null;
  const version = () => page.locator(".action-bar").evaluateAll((els) => els[0]?.getAttribute("data-version") ?? "gone");
  const before = await version();
  await page.locator(`.action-bar button[data-move="${pick}"]`).first().click();
  await until(`${pick} to be answered`, async () => (await version()) !== before || !(await moveButtons(page)).includes(pick), 10_000);
  return pick;
}

/** playTurn plays the whole turn of whoever's page it is: roll, buy if offered, end. */
async function playTurn(page) {
  const made = [];
  for (let i = 0; i < 8; i++) {
    const m = await act(page);
    if (!m) break;
    made.push(m);
    if (m === "end") break;
  }
  return made;
}

async function onTurn(page) {
  return (await moveButtons(page)).length > 0;
}

/** scenario plays the Holdings table; ctx comes from run.mjs. */
export default async function scenario(ctx) {
  const { browser, base } = ctx;
  const hostCtx = await browser.newContext(PHONE);
  const friendCtx = await browser.newContext(LAPTOP);
  const tvCtx = await browser.newContext(TV);
  for (const c of [hostCtx, friendCtx, tvCtx]) c.setDefaultTimeout(STEP_TIMEOUT);
  const host = await hostCtx.newPage();
  const friend = await friendCtx.newPage();
  const tv = await tvCtx.newPage();
  const pageErrors = [];
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
    ["tv", tv],
  ]) {
    p.on("pageerror", (e) => pageErrors.push(`${who}: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/.test(m.text())) pageErrors.push(`${who}: ${m.text()}`);
    });
  }

  setStep("host opens a table");
  await host.goto(`${base}/`);
  await host.getByRole("radio", { name: /Harbor Holdings/ }).check();
  await host.locator(".about-game summary", { hasText: "How to play" }).click();
  await host.getByTestId("how-to-play").waitFor();
  await fitsWidth(host, "the home page");
  await shot(host, "01-phone-home");
  await audit(host, "the home page (phone)");
  await host.getByLabel("Your name").fill("Ana");
  await host.getByRole("button", { name: /Open a Harbor Holdings table/ }).click();
  await host.waitForURL(/\/t\/[^/]+$/);
  const invite = await host.getByTestId("invite-link").inputValue();
  if (!/\/join\/\S+$/.test(invite)) fail(`invite link looks wrong: ${invite}`);
  const code = (await host.getByTestId("join-code").textContent())?.trim();
  if (!code) fail("no short code shown");
  await imageShown("the lobby's QR code", host.locator("img.qr"));
  const tvHref = await host.getByTestId("open-tv").getAttribute("href");
  log(`table open: invite ${invite}, code ${code}, tv ${tvHref}`);

  setStep("TV opens before the start");
  await tv.goto(base + tvHref);
  await tv.getByTestId("tv-code").waitFor();
  if ((await tv.getByTestId("tv-code").textContent())?.trim() !== code) fail("TV shows another code");
  await imageShown("the TV's QR code", tv.getByTestId("tv-qr"));

  setStep("friend joins through the invite link");
  await friend.goto(invite);
  await friend.getByLabel("Your name").fill("Bo");
  await friend.getByRole("button", { name: "Join the table" }).click();
  await friend.waitForURL(/\/t\/[^/]+$/);
  await friend.getByTestId("ready").waitFor();
  await until("the friend's seat on the host's lobby", async () => (await host.locator(".seat", { hasText: "Bo" }).count()) === 1);

  setStep("host adds a computer player and shortens the game");
  await host.getByRole("button", { name: "Add a computer player", exact: true }).click();
  await until("the computer player", async () => (await host.locator(".seat-bot").count()) === 1);
  // Four rounds keep the game short; the option clears ready marks, so it comes first.
  const rounds = host.getByLabel("Rounds");
  await rounds.fill("4");
  await rounds.dispatchEvent("change");
  await until("the round limit to apply", async () => (await host.getByLabel("Rounds").inputValue()) === "4");
  const startBtn = host.getByTestId("start");
  if (await startBtn.isEnabled()) fail("start is enabled although Bo is not ready");
  const why = await host.locator("#start-why").textContent();
  if (!/Bo/.test(why ?? "")) fail(`start gives no reason naming Bo: ${why}`);
  await fitsWidth(host, "the lobby");
  await shot(host, "02-phone-lobby-seats");
  await host.evaluate(() => window.scrollTo(0, 0));
  await shot(host, "02-phone-lobby-invite");
  await audit(host, "the lobby (phone)");

  setStep("humans get ready");
  await friend.getByTestId("ready").click();
  await until("start to become possible", () => startBtn.isEnabled());
  await until("the TV to show three players", async () => (await tv.locator(".tv-seat-human, .tv-seat-bot").count()) === 3);
  await fitsScreen(tv, "the TV lobby");
  await shot(tv, "03-tv-lobby");
  await audit(tv, "the TV lobby");

  setStep("host starts");
  await startBtn.click();
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
  ]) {
    await until(`${who}'s game screen`, () => p.locator("svg.board").count());
  }
  await until("the TV board", () => tv.locator("svg.board").count());
  const line = await host.getByTestId("turn-line").textContent();
  if (!/of 4\b/.test(line ?? "")) fail(`the rounds option did not reach the game: ${line}`);

  setStep("a stranger opening the table's address is told why it cannot open");
  const stranger = await tvCtx.newPage();
  await stranger.goto(host.url());
  await stranger.getByRole("heading", { name: "This table cannot be opened" }).waitFor();
  await stranger.close();

  setStep("play several turns");
  const humans = [host, friend];
  let turns = 0;
  const playSome = async (n) => {
    for (let k = 0; k < 200 && turns < n; k++) {
      let moved = false;
      for (const p of humans) {
        if (await onTurn(p)) {
          await playTurn(p);
          turns++;
          moved = true;
        }
      }
      if (!moved) await new Promise((r) => setTimeout(r, 100));
    }
  };
  await playSome(3);
  await fitsWidth(host, "the game screen");
  await shot(host, "04-phone-game");
  await audit(host, "the game (phone)");
  await host.getByRole("button", { name: "Zoom in on the board" }).click();
  await host.getByRole("button", { name: "Zoom in on the board" }).click();
  await shot(host, "04-phone-game-zoomed-board");
  await fitsWidth(host, "the game screen with the board zoomed");
  await host.getByRole("button", { name: "Fit the board to the screen" }).click();
  await shot(friend, "05-laptop-game");
  await audit(friend, "the game (laptop)");

  setStep("a trade is offered, countered and accepted");
  const hostCash = async () => Number(await host.getByTestId("my-coins").getAttribute("data-coins"));
  await host.getByTestId("trade-new").click();
  await host.getByTestId("trade-with").selectOption({ label: "Bo" });
  // Ana offers 100 Coins (and a property if she has one) for 10 Coins.
  const anaProps = await host.locator('[data-testid^="give-prop-"]').count();
  if (anaProps > 0) await host.locator('[data-testid^="give-prop-"]').first().check();
  await host.getByTestId("give-coins").fill("100");
  await host.getByTestId("get-coins").fill("10");
  await fitsWidth(host, "the trade builder");
  await shot(host, "06-phone-trade-builder");
  await host.getByTestId("trade-submit").click();
  await until("the offer to reach Bo", () => friend.getByTestId("trade-counter").count());
  await until("the TV to show the open trade", () => tv.getByTestId("tv-trade").count());
  await shot(tv, "06-tv-open-trade");
  // Bo counters: he asks for 150 instead of 100.
  await friend.getByTestId("trade-counter").click();
  await friend.getByTestId("get-coins").fill("150");
  await friend.getByTestId("trade-submit").click();
  await until("the counter to reach Ana", () => host.getByTestId("trade-accept").count());
  const counterText = await host.getByTestId("open-trade").textContent();
  if (!/150/.test(counterText ?? "")) fail(`Ana does not see the counter's terms: ${counterText}`);
  await shot(host, "07-phone-counter");
  const cashBefore = await hostCash();
  await host.getByTestId("trade-accept").click();
  await until("the trade to close", async () => (await host.getByTestId("open-trade").count()) === 0);
  const cashAfter = await hostCash();
  if (cashBefore - cashAfter !== 150 - 10) fail(`after the trade Ana's cash went ${cashBefore} → ${cashAfter}, want −140`);
  log(`trade accepted: Ana ${cashBefore} → ${cashAfter}`);

  setStep("a refused move gets clear feedback");
  // Ana offers Bo more Coins than she has: the server refuses and says why.
  await host.getByTestId("trade-new").click();
  await host.getByTestId("trade-with").selectOption({ label: "Bo" });
  await host.getByTestId("give-coins").fill("999999");
  await host.getByTestId("get-coins").fill("10");
  await host.getByTestId("trade-submit").click();
  await host.getByTestId("notice").waitFor();
  const notice = await host.getByTestId("notice").textContent();
  log(`refusal shown: ${notice}`);
  await shot(host, "08-phone-refused");
  if ((await host.getByTestId("give-coins").inputValue()) !== "999999") fail("the refused offer's draft was lost");
  await host.getByRole("button", { name: "Dismiss message" }).click();
  await host.getByTestId("trade-panel").getByRole("button", { name: "Close" }).click();

  setStep("the TV shows the same board");
  await until("TV and phones to agree", async () => {
    const [a, b, c] = await Promise.all([boardState(host), boardState(friend), boardState(tv)]);
    return JSON.stringify(a) === JSON.stringify(c) && JSON.stringify(b) === JSON.stringify(c);
  });
  await fitsScreen(tv, "the TV game");
  await shot(tv, "09-tv-game");
  await audit(tv, "the TV game");

  setStep("a reload comes back to the same position");
  // Capture a settled position: the game waits on a person, and every screen has caught up.
  await until("the game to wait on a person", async () => (await onTurn(host)) || (await onTurn(friend)));
  await until("the screens to settle", async () => JSON.stringify(await boardState(host)) === JSON.stringify(await boardState(tv)));
  const beforeReload = { board: await boardState(host), coins: await host.getByTestId("my-coins").getAttribute("data-coins") };
  await host.reload();
  await host.locator("svg.board").waitFor();
  await until("the same position after reload", async () => {
    const after = { board: await boardState(host), coins: await host.getByTestId("my-coins").getAttribute("data-coins") };
    return JSON.stringify(after) === JSON.stringify(beforeReload);
  });

  setStep("the board works from the keyboard");
  await host.locator('svg.board [data-space][tabindex="0"]').focus();
  await host.keyboard.press("Home");
  await host.keyboard.press("ArrowRight");
  await host.keyboard.press("Enter");
  const details = await host.getByTestId("space-details").textContent();
  if (!/Net Menders Row/.test(details ?? "")) fail(`keyboard selection opened the wrong space: ${details}`);
  await host.getByTestId("space-details").getByRole("button", { name: "Close" }).click();

  setStep("every control has a name");
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
  ]) {
    const unnamed = await p.evaluate(() =>
      [...document.querySelectorAll("button, input, select, a[href], [role=button]")]
        .filter((el) => {
          const labelled =
            el.getAttribute("aria-label") ||
            el.getAttribute("aria-labelledby") ||
            (el.id && document.querySelector(`label[for="${el.id}"]`)) ||
            el.closest("label");
          return !labelled && !(el.textContent ?? "").trim();
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    if (unnamed.length) fail(`${who} has controls without a name:\n${unnamed.join("\n")}`);
  }

  setStep("a server restart: the screens say they are reconnecting, then come back");
  await ctx.stopServer();
  await host.getByTestId("link-status").waitFor({ timeout: 15_000 });
  const banner = await host.getByTestId("link-status").textContent();
  if (!/Reconnecting/i.test(banner ?? "")) fail(`the phone does not say it is reconnecting: ${banner}`);
  await shot(host, "10-phone-reconnecting");
  await ctx.startServer();
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
    ["tv", tv],
  ]) {
    await until(`${who} to reconnect`, async () => (await p.getByTestId("link-status").count()) === 0, 30_000);
  }
  const afterRestart = await boardState(host);
  if (JSON.stringify(afterRestart) !== JSON.stringify(beforeReload.board)) fail("the board changed across the server restart");

  setStep("play to the end");
  for (let k = 0; k < 2000; k++) {
    const done = await Promise.all([host, friend, tv].map((p) => p.getByTestId("ranking").count()));
    if (done.every((n) => n > 0)) break;
    let moved = false;
    for (const p of humans) {
      if (await p.getByTestId("trade-decline").count()) {
        await p.getByTestId("trade-decline").click();
        moved = true;
      }
      if (await onTurn(p)) {
        await playTurn(p);
        moved = true;
      }
    }
    if (!moved) await new Promise((r) => setTimeout(r, 100));
    if (k === 1999) fail("the game did not end");
  }
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
    ["tv", tv],
  ]) {
    await until(`${who}'s ranking`, () => p.getByTestId("ranking").count());
    const rows = await p.locator(".rank-list li").count();
    if (rows !== 3) fail(`${who}'s ranking has ${rows} rows, want 3`);
    if ((await p.locator(".chart svg polyline").count()) !== 3) fail(`${who}'s chart lacks a line per player`);
  }
  await host.getByTestId("ranking").scrollIntoViewIfNeeded();
  await fitsWidth(host, "the final ranking");
  await shot(host, "11-phone-ranking");
  await audit(host, "the ranking (phone)");
  await friend.evaluate(() => window.scrollTo(0, 0));
  await shot(friend, "12-laptop-ranking");
  await fitsScreen(tv, "the TV ranking");
  await shot(tv, "13-tv-ranking");
  await audit(tv, "the TV ranking");

  if (pageErrors.length) fail(`script errors in the pages:\n${pageErrors.join("\n")}`);
}
