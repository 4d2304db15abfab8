// Six at a Harbor Holdings table, seen on the TV at 1920 × 1080: a host on a
// phone with the longest name a lobby allows and five computer players. While
// play runs the TV keeps its "What happened" panel whole and on screen, no
// player's name breaks over two lines anywhere on it (lists, status, log),
// the player list and the presence bar show each name whole, no text is under
// 20 px (the board's included), and axe-core finds no violation on the TV
// or the host's phone.

import { checkSixSeats, fail, holdingsTurn, LONG_NAME, PHONE, seatNames, setStep, TV, until, watchErrors } from "./lib.mjs";
import { openTable } from "./harborfall-lib.mjs";

export default async function scenario(ctx) {
  const { base } = ctx;
  const host = await ctx.newPage(PHONE);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ host, tv });

  setStep("a six-seat Holdings table: the host and five computer players");
  const table = await openTable(base, host, [], { game: "holdings", names: [LONG_NAME], bots: 5, turnSeconds: 0 });
  const names = await seatNames(host, table.id);
  if (names.length !== 6) fail(`the table has ${names.length} seats: ${names}`);
  await tv.goto(`${base}/tv/${table.tv}`);
  for (const p of [host, tv]) await until("the board", () => p.locator("svg.board").count());

  setStep("play until the log is longer than the TV's panel");
  const logged = () =>
    tv
      .locator("[data-log]")
      .first()
      .evaluate((el) => Number(el.dataset.log));
  for (let k = 0; k < 200 && (await logged().catch(() => 0)) < 24; k++) {
    if (!(await holdingsTurn(host))) await new Promise((r) => setTimeout(r, 80));
  }
  if ((await logged()) < 24) fail(`the log has ${await logged()} lines after the host's turns`);
  if ((await tv.getByTestId("ranking").count()) > 0) fail("the game ended before the TV could be measured in play");

  await checkSixSeats(tv, host, names, "Holdings");
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
