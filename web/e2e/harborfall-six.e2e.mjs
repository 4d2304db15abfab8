// Six at a Harborfall table, seen on the TV at 1920 × 1080: a host on a phone
// with the longest name a lobby allows and five computer players place their
// pieces and play into the game. The TV is measured as for Harbor Holdings
// (holdings-six): the "What happened" panel whole and on screen, names on
// one line and whole, no text under 20 px, axe-core on the TV and the phone;
// once while the host's offer to all five others is open (the tallest the
// side column gets: the offer and an answer under each of them), and once
// after her turn.

import { checkSixSeats, checkTv, fail, log, LONG_NAME, PHONE, seatNames, setStep, TV, until, watchErrors } from "./lib.mjs";
import { clickMove, openTable, tryStep } from "./harborfall-lib.mjs";

// The computer players take 300 ms a decision, so an offer that all five
// turn down stays open long enough for the TV to be looked at.
export const serverArgs = ["-bot-delay", "300ms"];

/** offerToAll makes an offer to everyone from page, one card it holds for one of another kind; false when none can be made now. */
async function offerToAll(page) {
  const send = page.getByTestId("send-offer");
  if (!(await send.count())) return false;
  const give = page.getByTestId("offer-give").locator("button[data-plus]:not([disabled])");
  if (!(await give.count())) return false;
  const r = await give.first().getAttribute("data-plus");
  const get = page.getByTestId("offer-get").locator(`button[data-plus]:not([data-plus="${r}"]):not([disabled])`);
  if (!(await get.count())) return false;
  await page.getByTestId("offer-builder").scrollIntoViewIfNeeded();
  await give.first().click();
  await get.first().click();
  await page.getByTestId("offer-to").selectOption("-1");
  await clickMove(page, send, "an offer to everyone");
  return true;
}

export default async function scenario(ctx) {
  const { base } = ctx;
  const host = await ctx.newPage(PHONE);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ host, tv });

  setStep("a six-seat Harborfall table: the host and five computer players");
  const table = await openTable(base, host, [], { names: [LONG_NAME], bots: 5, turnSeconds: 0 });
  const names = await seatNames(host, table.id);
  if (names.length !== 6) fail(`the table has ${names.length} seats: ${names}`);
  await tv.goto(`${base}/tv/${table.tv}`);
  for (const p of [host, tv]) await until("the island", () => p.locator("svg.hf-board").count());

  setStep("the host places her pieces and plays until she has offered everyone a trade and ended that turn");
  let ended = false;
  let offered = false;
  // Bounded by time, not by steps: the host's pieces stand where the first free corners are, and on
  // some islands they touch the desert or rare numbers, so her first card can take many turns.
  const deadline = Date.now() + 180_000;
  while (!ended && Date.now() < deadline) {
    if (!offered && (await offerToAll(host).catch(() => false))) {
      setStep("the TV at 1920 × 1080 with an offer to everyone open");
      // Five quick refusals can close the offer before the TV is looked at: then she offers again.
      const open = await until("the offer on the TV", () => tv.getByTestId("tv-offer").count(), 3_000).then(
        () => true,
        () => false,
      );
      if (!open) {
        log("the offer closed before the TV showed it; the host tries again");
        continue;
      }
      await until("the TV's presence bar", () => tv.getByTestId("presence-tv").count());
      log(`the TV says: ${await tv.getByTestId("tv-turn").textContent()}`);
      await checkTv(tv, names, "the six-seat Harborfall TV with an offer to everyone", "03-tv-offer");
      // Only the host opens an offer, so one still shown after the measures was shown through all of them:
      // the TV was measured at its tallest. One that closed on the way was not: she offers again.
      if (!(await tv.getByTestId("tv-offer").count())) {
        log("the offer closed while the TV was measured; the host tries again");
        continue;
      }
      offered = true;
      setStep("the host plays on until that turn ends");
      continue;
    }
    const moved = await tryStep(host);
    ended = offered && moved === "end";
    if (!moved) await new Promise((r) => setTimeout(r, 80));
  }
  if (!offered) fail("the host never got to offer a trade");
  if (!ended) fail("the host did not get to end her turn after the offer");
  log(`the TV says: ${await tv.getByTestId("tv-turn").textContent()}`);

  await checkSixSeats(tv, host, names, "Harborfall");
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
