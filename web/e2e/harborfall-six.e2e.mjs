// Six at a Harborfall table, seen on the TV at 1920 × 1080: a host on a phone
// with the longest name a lobby allows and five computer players place their
// pieces and play into the game; then the TV is measured as for Harbor
// Holdings (holdings-six): the "What happened" panel whole and on screen,
// names on one line and whole, no text under 20 px, axe-core on the TV and
// the phone.

import { audit, checkTv, fail, fitsWidth, log, LONG_NAME, PHONE, seatNames, setStep, shot, TV, until, watchErrors } from "./lib.mjs";
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

  setStep("the TV at 1920 × 1080 during play");
  await until("the TV's presence bar", () => tv.getByTestId("presence-tv").count());
  await checkTv(tv, names, "the six-seat Harborfall TV", "01-tv");
  await audit(tv, "the six-seat Harborfall TV");

  setStep("the host's phone");
  await fitsWidth(host, "the host's phone at a six-seat table");
  await shot(host, "02-phone");
  await audit(host, "the host's phone at a six-seat table");
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
