// Six at a Harborfall table, seen on the TV at 1920 × 1080: a host on a phone
// with the longest name a lobby allows and five computer players place their
// pieces and play into the game; then the TV is measured as for Harbor
// Holdings (holdings-six): the "What happened" panel whole and on screen,
// names on one line and whole, no text under 20 px, axe-core on the TV and
// the phone.

import { checkSixSeats, fail, log, LONG_NAME, PHONE, seatNames, setStep, TV, until, watchErrors } from "./lib.mjs";
import { openTable, tryStep } from "./harborfall-lib.mjs";

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

  setStep("the host places her pieces and plays until her first turn ends");
  let ended = false;
  for (let k = 0; k < 150 && !ended; k++) {
    const moved = await tryStep(host);
    ended = moved === "end";
    if (!moved) await new Promise((r) => setTimeout(r, 80));
  }
  if (!ended) fail("the host did not get to end a turn");
  log(`the TV says: ${await tv.getByTestId("tv-turn").textContent()}`);

  await checkSixSeats(tv, host, names, "Harborfall");
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
