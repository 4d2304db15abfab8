// Neko Harbour end to end, four seats with every module: two people on
// phones (390 and 320 wide), two computer players, and the TV. The draft by
// rows with the set-size rule, a fishing boat taken and placed as a column,
// the ghost ship moved, hidden hands, then the game to its end.

import { audit, fail, fitsScreen, fitsWidth, log, PHONE, SMALL_PHONE, setStep, shot, TV, until, watchErrors } from "./lib.mjs";
import {
  cardLarge,
  checkNekoTv,
  clickMove,
  endScreen,
  fitsPhone,
  enabledMoves,
  join,
  matches,
  noForeignHands,
  openTable,
  playUntil,
  serverState,
  smallestText,
  step,
} from "./neko.mjs";

/** The helper loop's order here: the ghost ship moves whenever it can. */
const PREFER = ["draft-", "boat-", "choose-", "discard-", "keep", "play-", "move-ship6", "sail-", "move-", "harbour", "upgrade-", "next"];
/** Until the boat and the ghost ship are seen, the loop leaves both to the scenario's own checks. */
const PREFER_WATCHING = PREFER.filter((m) => m !== "boat-" && !m.startsWith("move-"));

export default async function scenario(ctx) {
  const host = await ctx.newPage(PHONE);
  const friend = await ctx.newPage(SMALL_PHONE);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ host, friend, tv });
  const humans = [host, friend];

  setStep("a four-seat table with every module");
  const { invite, tv: tvHref } = await openTable(host, ctx.base, "Ana");
  for (const label of ["Extra cards", "Fishing boats", "Ghost ship"]) {
    // The box follows the server's lobby, so it turns on once the option is stored.
    await host.getByLabel(label).click();
    await until(`${label} to be on`, () => host.getByLabel(label).isChecked());
  }
  await join(friend, invite, "Bo");
  for (let i = 0; i < 2; i++) {
    await host.getByRole("button", { name: "Add a computer player", exact: true }).click();
    await until("the computer player", async () => (await host.locator(".seat-bot").count()) === i + 1);
  }
  await tv.goto(ctx.base + tvHref);
  await until("start to become possible", () => host.getByTestId("start").isEnabled());
  await host.getByTestId("start").click();
  await until("the draft rows", async () => (await host.locator(".nk-row").count()) === 5);

  setStep("a card opened large on the phones");
  await cardLarge(host, "the 390 px phone", "02-phone-card-large");
  await cardLarge(friend, "the 320 px phone", "02-phone320-card-large");

  setStep("the draft by rows, with the set-size rule");
  await shot(tv, "01-tv-draft-rows");
  await fitsScreen(tv, "the TV draft");
  const names = ["Ana", "Bo", "Computer 3", "Computer 4"];
  let tvDraftChecked = false;
  let ruleSeen = false;
  let shotDraft = false;
  for (let k = 0; k < 200 && (await host.locator(".nk-row").count()) > 0; k++) {
    for (const p of humans) {
      if (!(await enabledMoves(p)).some((m) => m.startsWith("draft-"))) continue;
      if ((await p.locator(".nk-rule").count()) > 0) ruleSeen = true;
      if (!shotDraft) {
        await fitsWidth(p, "the draft rows");
        await fitsPhone(p, "the draft rows");
        await shot(p, "02-phone-draft-rows");
        await audit(p, "the draft rows (phone)");
        shotDraft = true;
      }
      await step(p, ["draft-"]);
      if (!tvDraftChecked && (await tv.locator(".nk-tv-log li").count()) >= 3) {
        await checkNekoTv(tv, names, "the four-seat TV at the period 1 draft", "01-tv-draft-checked");
        tvDraftChecked = true;
      }
    }
  }
  if (!tvDraftChecked) fail("the TV's draft was never measured with three log lines");
  if (!ruleSeen) fail("no drafting player was shown the set-size rule");
  const me = await serverState(host);
  if (me.view.players[me.seat].hand.length !== 6) fail(`Ana holds ${me.view.players[me.seat].hand.length} cards after the draft, want 6 (sets of 1, 2 and 3)`);

  setStep("hidden hands on the phones and the TV");
  await noForeignHands(host, "Ana's phone", [["Bo", friend]]);
  await noForeignHands(friend, "Bo's phone", [["Ana", host]]);
  await noForeignHands(tv, "the TV", [
    ["Ana", host],
    ["Bo", friend],
  ]);

  setStep("play until a person places a fishing boat and moves the ghost ship");
  let boat = false;
  let ghost = false;
  await playUntil(
    humans,
    async () => {
      for (const [who, p] of [
        ["Ana", host],
        ["Bo", friend],
      ]) {
        const moves = await enabledMoves(p);
        const take = moves.find((m) => m.startsWith("boat-"));
        if (take && !boat) {
          await shot(p, "03-phone-boat-choice");
          const cols = await p.locator('[data-testid^="town-"] .nk-kind-FB.nk-col').count();
          await clickMove(p, take);
          const place = (await enabledMoves(p)).find((m) => matches(m, "play-"));
          if (!place) fail(`${who} cannot place the fishing boat as a column`);
          await clickMove(p, place);
          await until("the boat's column", async () => (await p.locator('[data-testid^="town-"] .nk-kind-FB.nk-col').count()) === cols + 1);
          await shot(p, "04-phone-boat-placed");
          log(`${who} placed a fishing boat as a column`);
          boat = true;
        }
        if (moves.includes("move-ship6") && !ghost) {
          const before = (await serverState(p)).view.players;
          const seat = (await serverState(p)).seat;
          await clickMove(p, "move-ship6");
          const after = (await serverState(p)).view.players;
          if (after[seat].ships[6].loc !== before[seat].ships[6].loc + 1) fail(`${who}'s ghost ship did not move one column`);
          // The TV draws the active town large (town-N) and every town a line (tv-town-N).
          await until("the ghost ship on the TV", async () =>
            (await tv.locator(`[data-testid="tv-town-${seat}"], [data-testid="town-${seat}"]`).allTextContents()).some((t) => t.includes("☁")),
          );
          await shot(p, "05-phone-ghost-moved");
          await shot(tv, "05-tv-ghost-moved");
          log(`${who} moved the ghost ship to column ${after[seat].ships[6].loc}`);
          ghost = true;
        }
      }
      return (boat && ghost) || (await host.getByTestId("final-scores").count()) > 0;
    },
    "a fishing boat and a ghost-ship move",
    PREFER_WATCHING,
  );
  if (!boat) fail("no person placed a fishing boat");
  if (!ghost) fail("no person moved the ghost ship");
  await fitsScreen(tv, "the TV game");
  await shot(tv, "06-tv-game");
  // The TV's log shows its lines, not only its heading, with four seats and every module.
  const logLines = await tv.locator(".nk-tv-log li").evaluateAll(
    (lis) =>
      lis.filter((li) => {
        const r = li.getBoundingClientRect();
        const side = (li.closest(".nk-tv-side") ?? document.body).getBoundingClientRect();
        return r.height > 0 && r.top >= side.top && r.bottom <= Math.min(side.bottom, innerHeight) && li.textContent.trim() !== "";
      }).length,
  );
  if (logLines < 2) fail(`the TV's log shows ${logLines} of its lines`);

  setStep("the game to its end, the TV measured in period 2");
  const seen = new Set();
  await playUntil(
    humans,
    async () => {
      // Read from the TV's own screen (a state socket each round would crowd the server): the period 2
      // draft once three sets are gone, and period 2's play once most cards are played (the towns at their longest).
      const turn = (await tv.getByTestId("tv-turn").textContent()) ?? "";
      const taken = await tv.locator(".nk-tv-draft .nk-set-taken").count();
      const hands = (await tv.locator(".nk-tv-pfig").allTextContents()).reduce((t, x) => t + Number(/hand (\d+)/.exec(x)?.[1] ?? 99), 0);
      const at = turn.startsWith("Period 2 draft") && taken >= 3 ? "draft" : turn.startsWith("Period 2 ·") && hands <= 8 ? "play" : "";
      if (at && !seen.has(at)) {
        seen.add(at);
        await checkNekoTv(tv, names, `the four-seat TV at period 2's ${at}`, `07-tv-period2-${at}`);
      }
      return (await Promise.all([host, friend, tv].map((p) => p.getByTestId("final-scores").count()))).every((n) => n > 0);
    },
    "its end",
    PREFER,
  );
  for (const at of ["draft", "play"]) if (!seen.has(at)) fail(`the TV was never measured at period 2's ${at}`);
  const result = (await serverState(host)).result;
  for (const [who, p] of [
    ["Ana", host],
    ["Bo", friend],
    ["tv", tv],
  ]) {
    for (const seat of [0, 1, 2, 3]) {
      const shown = Number(await p.getByTestId(`total-${seat}`).textContent());
      if (shown !== result.scores[seat]) fail(`${who} shows ${shown} for seat ${seat}, the result says ${result.scores[seat]}`);
    }
  }
  for (const [who, p] of [
    ["Ana", host],
    ["Bo", friend],
    ["tv", tv],
  ])
    await endScreen(p, who);
  log(`final scores ${result.scores.join(" : ")}`);
  await host.evaluate(() => window.scrollTo(0, 0));
  await fitsWidth(host, "the final scores");
  await fitsPhone(host, "the final scores");
  await fitsWidth(friend, "the final scores on a 320 px phone");
  await fitsPhone(friend, "the final scores on a 320 px phone");
  await shot(friend, "07-phone320-final");
  await friend.getByTestId("points-chart").scrollIntoViewIfNeeded();
  await shot(friend, "07-phone320-final-chart");
  await host.evaluate(() => window.scrollTo(0, 0));
  await shot(host, "07-phone-final");
  await fitsScreen(tv, "the TV final");
  await shot(tv, "08-tv-final");
  const tvEnd = await smallestText(tv);
  if (tvEnd.min < 20) fail(`the TV's final scores show text of ${tvEnd.min}px: ${tvEnd.where}`);
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
