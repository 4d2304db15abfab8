// Neko Harbour end to end, two seats: the host on a phone, a friend on a
// laptop, and the TV. The whole alternating draft through the pages, a turn
// walked through every window, a reload back to the same position, hidden
// hands, the keyboard, then the game to its end with the scores everywhere.

import { audit, fail, fitsScreen, fitsWidth, LAPTOP, log, PHONE, SMALL_PHONE, setStep, shot, TV, unnamedControls, until, watchErrors } from "./lib.mjs";
import {
  clickMove,
  endScreen,
  fitsPhone,
  enabledMoves,
  join,
  matches,
  keyboardCheck,
  noForeignHands,
  openTable,
  playUntil,
  serverState,
  smallestText,
  step,
  turnLine,
} from "./neko.mjs";

export default async function scenario(ctx) {
  const host = await ctx.newPage(PHONE);
  const friend = await ctx.newPage(LAPTOP);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ host, friend, tv });
  const humans = [host, friend];

  setStep("host opens a Neko Harbour table, the friend joins, the TV watches");
  const { invite, tv: tvHref } = await openTable(host, ctx.base, "Ana");
  await tv.goto(ctx.base + tvHref);
  await join(friend, invite, "Bo");
  await until("start to become possible", () => host.getByTestId("start").isEnabled());
  await host.getByTestId("start").click();
  for (const p of [...humans, tv]) await until("the draft on every screen", async () => (await p.locator(".nk-draft, .nk-tv-draft").count()) > 0);

  setStep("the alternating draft, card by card through the pages");
  await until("someone to pick", async () => (await enabledMoves(host)).length + (await enabledMoves(friend)).length > 0);
  const picker = (await enabledMoves(host)).length ? host : friend;
  const other = picker === host ? friend : host;
  const whose = await picker.getByTestId("whose-pick").textContent();
  if (!/Your pick/.test(whose ?? "")) fail(`the picker is not told it is their pick: ${whose}`);
  if (!/is picking/.test((await other.getByTestId("whose-pick").textContent()) ?? "")) fail("the other player is not told who picks");
  await fitsWidth(host, "the draft");
  await fitsPhone(host, "the draft");
  await shot(host, "01-phone-draft");
  await audit(host, "the draft (phone)");
  // Ana's seat on a 320 px phone too: a second browser with her cookie.
  const small = await ctx.browser.newContext({ ...SMALL_PHONE, storageState: await host.context().storageState() });
  const host320 = await small.newPage();
  await host320.goto(host.url());
  await host320.getByTestId("draft").waitFor();
  await fitsWidth(host320, "the draft on a 320 px phone");
  await fitsPhone(host320, "the draft on a 320 px phone");
  await shot(host320, "02-phone320-draft");
  await shot(friend, "03-laptop-draft");
  await shot(tv, "04-tv-draft");
  await audit(tv, "the TV draft");
  await fitsScreen(tv, "the TV draft");
  // A tap opens the card large with its full text.
  await host.locator(".nk-display .nk-card").first().click();
  await host.getByTestId("card-dialog").waitFor();
  const big = await host.getByTestId("card-dialog").textContent();
  if (!/Hub value/.test(big ?? "")) fail(`the large card lacks its details: ${big}`);
  await shot(host, "05-phone-card-large");
  await host.getByTestId("card-dialog").getByRole("button", { name: "Close" }).click();
  // The draft: picks alternate 1, 2, 2, 1 and then again for the second eight.
  const picks = [];
  for (let k = 0; k < 100 && (await turnLine(host))?.includes("draft"); k++) {
    for (const [who, p] of [
      ["Ana", host],
      ["Bo", friend],
    ]) {
      const m = await step(p, ["pick-"]);
      if (m) picks.push(who);
    }
  }
  if (picks.length !== 12) fail(`the 2-player draft took ${picks.length} picks, want 12`);
  const runs = picks
    .join(",")
    .replace(/(\w+)(,\1)*/g, (r) => String(r.split(",").length))
    .split(",")
    .join(" ");
  log(`draft picks: ${picks.join(" ")} (runs ${runs})`);
  if (runs !== "1 2 2 1 1 2 2 1" && runs !== "1 2 2 2 2 2 1") fail(`draft picks do not alternate 1-2-2-1: ${runs}`);
  const drafted = await serverState(host);
  if (drafted.view.players[drafted.seat].hand.length !== 6) fail("Ana does not hold her 6 drafted cards");

  setStep("a turn walked through every window");
  // Each turn plays a card, then the windows open column by column; the host
  // takes an action in every window that offers one, then closes it.
  let walked = null;
  for (let t = 0; t < 40 && !walked; t++) {
    await until("a human to be on turn", async () => (await enabledMoves(host)).length + (await enabledMoves(friend)).length > 0);
    if (!(await enabledMoves(host)).length) {
      await playUntil([friend], async () => (await enabledMoves(host)).length > 0, "Ana's turn");
      continue;
    }
    const play = (await enabledMoves(host)).find((m) => matches(m, "play-"));
    if (!play) {
      await step(host);
      continue;
    }
    if (t === 0) {
      await shot(host, "06-phone-turn-play");
      await audit(host, "the host's turn with cards to play or tuck (phone)");
    }
    await clickMove(host, play);
    const windows = [];
    const used = [];
    for (let k = 0; k < 60; k++) {
      const moves = await enabledMoves(host);
      if (!moves.length) break;
      const panel = host.getByTestId("turn-panel");
      const stage = await panel.getAttribute("data-stage");
      const win = await panel.getAttribute("data-window");
      if (stage === "window" && !windows.includes(win)) {
        windows.push(win);
        if (windows.length === 2) await shot(host, "07-phone-turn-window");
      }
      const act = moves.find(
        (m) =>
          /^(keep|tuck|choose|discard|move|sail|harbour|upgrade|buyship|buylicence|captain|bonus|flip)/.test(m) && !used.includes(`${win}:${m.split("-")[0]}`),
      );
      if (act) {
        used.push(`${win}:${act.split("-")[0]}`);
        await clickMove(host, act);
      } else await clickMove(host, moves.includes("next") ? "next" : moves[0]);
    }
    log(`Ana's turn ${t}: windows ${windows.join(",")}, actions ${used.join(" ")}`);
    // Every window that opened got a free action before it was closed.
    const free = used.filter((u) => /move|sail|harbour|upgrade|buy|captain|bonus|flip/.test(u));
    if (windows.length >= 1 && windows.every((w) => free.some((u) => u.startsWith(`${w}:`)))) walked = { windows, used };
  }
  if (!walked) fail("no turn of Ana's used every window it opened");

  setStep("hidden hands and the keyboard");
  await until("the friend's turn or the host's", async () => (await enabledMoves(host)).length + (await enabledMoves(friend)).length > 0);
  await noForeignHands(host, "Ana's phone", [["Bo", friend]]);
  await noForeignHands(friend, "Bo's laptop", [["Ana", host]]);
  await noForeignHands(tv, "the TV", [
    ["Ana", host],
    ["Bo", friend],
  ]);
  await keyboardCheck(host, "Ana's phone");
  await keyboardCheck(friend, "Bo's laptop");
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
  ]) {
    const unnamed = await unnamedControls(p);
    if (unnamed.length) fail(`${who} has controls without a name:\n${unnamed.join("\n")}`);
  }
  await host.locator('[data-town="1"]').click();
  await host.getByTestId("town-1").waitFor();
  await host.getByTestId("town-1").scrollIntoViewIfNeeded();
  await shot(host, "08-phone-friends-town");
  await audit(host, "the game (phone)");
  await host.locator('[data-town="0"]').click();
  await host.evaluate(() => window.scrollTo(0, 0));
  await fitsWidth(host, "the game screen");
  await fitsPhone(host, "the game screen");
  await host320.getByTestId("town-0").waitFor();
  await fitsWidth(host320, "the game screen on a 320 px phone");
  await fitsPhone(host320, "the game screen on a 320 px phone");
  await shot(host320, "09-phone320-game");
  await small.close();
  await shot(friend, "10-laptop-game");
  await audit(friend, "the game (laptop)");
  await fitsScreen(tv, "the TV game");
  await shot(tv, "11-tv-game");
  await audit(tv, "the TV game");
  const tvText = await smallestText(tv);
  if (tvText.min < 20) fail(`the TV shows text of ${tvText.min}px: ${tvText.where}`);

  setStep("a reload comes back to the same position");
  const snapshot = async () => ({
    line: await turnLine(host),
    town: await host.getByTestId("town-0").textContent(),
    supply: await host.getByTestId("supply-0").textContent(),
    moves: (await enabledMoves(host)).join(" "),
  });
  const before = await snapshot();
  await host.reload();
  await host.getByTestId("town-0").waitFor();
  await until("the same position after the reload", async () => JSON.stringify(await snapshot()) === JSON.stringify(before));

  setStep("the game to its end");
  let sawInterim = false;
  await playUntil(
    humans,
    async () => {
      // The TV gives each player's period 1 scoring in its players list.
      if (!sawInterim && (await tv.getByTestId("interim-0-1").count())) {
        sawInterim = true;
        await shot(tv, "12-tv-after-period-1");
        await host.getByTestId("interim").scrollIntoViewIfNeeded();
        await shot(host, "12-phone-interim");
        // The period-1 scoring by source on the phone; its points on the TV.
        const { view } = await serverState(tv);
        for (const pl of view.players) {
          const cell = (await host.getByTestId(`interim-${pl.seat}-1`).textContent()) ?? "";
          const parts = pl.periods[0];
          const want = [parts.lastColumn ? `${parts.lastColumn} last column` : "", parts.line ? `${parts.line} in the line` : ""].filter(Boolean);
          if (!cell.startsWith(String(pl.interim[0])) || want.some((w) => !cell.includes(w)))
            fail(`the host shows "${cell}" for ${pl.name}'s period 1, the view says ${JSON.stringify(parts)}`);
          const onTv = (await tv.getByTestId(`interim-${pl.seat}-1`).textContent()) ?? "";
          if (onTv.trim() !== String(pl.interim[0])) fail(`the TV shows "${onTv}" for ${pl.name}'s period 1 points, the view says ${pl.interim[0]}`);
        }
      }
      return (await Promise.all([host, friend, tv].map((p) => p.getByTestId("final-scores").count()))).every((n) => n > 0);
    },
    "its end",
  );
  if (!sawInterim) fail("the intermediate scoring never showed on the TV");
  const result = (await serverState(host)).result;
  for (const [who, p] of [
    ["host", host],
    ["friend", friend],
    ["tv", tv],
  ]) {
    for (const seat of [0, 1]) {
      const shown = Number(await p.getByTestId(`total-${seat}`).textContent());
      if (shown !== result.scores[seat]) fail(`${who} shows ${shown} points for seat ${seat}, the result says ${result.scores[seat]}`);
    }
    await endScreen(p, who);
  }
  log(`final scores ${result.scores.join(" : ")}, winners ${JSON.stringify(result.winners)}`);
  await host.evaluate(() => window.scrollTo(0, 0));
  await fitsWidth(host, "the final scores");
  await fitsPhone(host, "the final scores");
  await shot(host, "13-phone-final");
  await audit(host, "the end (phone)");
  await host.getByTestId("points-chart").scrollIntoViewIfNeeded();
  await shot(host, "13-phone-final-chart");
  await friend.evaluate(() => window.scrollTo(0, 0));
  await shot(friend, "14-laptop-final");
  await fitsScreen(tv, "the TV final scores");
  await shot(tv, "15-tv-final");
  await audit(tv, "the TV end");
  const tvEnd = await smallestText(tv);
  if (tvEnd.min < 20) fail(`the TV's final scores show text of ${tvEnd.min}px: ${tvEnd.where}`);

  setStep("the replay on the phone");
  await host.goto(`${host.url().replace(/[?#].*$/, "")}/replay?at=12`);
  await until("the replay at move 12", async () => (await host.getByTestId("replay-bar").getAttribute("data-at")) === "12");
  // The towns panel shows one town: the one on turn at that moment.
  await host.locator('[data-testid^="town-"]').first().waitFor();
  await shot(host, "16-phone-replay");
  await audit(host, "the replay (phone)");

  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
