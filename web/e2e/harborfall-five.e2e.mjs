// Harborfall for five: a host on a phone, a friend on a laptop and three
// computer players set up the 30-hex island through the pages and play
// until a person gets the extra build turn that follows every turn at 5 or 6
// players; it must say whose it is and offer only building, buying and
// ending (no trades, no cards).

import { fail, fitsWidth, LAPTOP, PHONE, setStep, shot, textNow, TV, until, watchErrors } from "./lib.mjs";
import { agrees, clickMove, openTable, tryStep, tvShowsAll } from "./harborfall-lib.mjs";

export default async function scenario(ctx) {
  const { base } = ctx;
  const host = await ctx.newPage(PHONE);
  const eve = await ctx.newPage(LAPTOP);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ host, eve, tv });
  const people = [host, eve];

  setStep("a 5-seat table: two people and three computer players");
  const table = await openTable(base, host, [eve], { names: ["Ana", "Eve"], bots: 3, turnSeconds: 0 });
  const path = `/ws?table=${table.id}`;
  await tv.goto(`${base}/tv/${table.tv}`);
  for (const p of [...people, tv]) await until("the island", () => p.locator("svg.hf-board").count());
  const hexes = await host.locator("svg.hf-board [data-hex]").count();
  if (hexes !== 30) fail(`the 5-player island has ${hexes} hexes, want 30`);

  setStep("setup through the board, then turns until a person's extra build turn");
  let special = null;
  const mine = async (p) => /^Your extra build turn/.test(await textNow(p.getByTestId("special-banner")));
  for (let k = 0; k < 600 && !special; k++) {
    let moved = false;
    for (const p of people) {
      if (await mine(p)) {
        special = p;
        break;
      }
      if (await tryStep(p)) moved = true;
    }
    if (!moved && !special) await new Promise((r) => setTimeout(r, 80));
  }
  if (!special) fail("no person got an extra build turn");

  setStep("the extra build turn says whose it is and offers only building");
  const who = special === host ? "Ana" : "Eve";
  await until("the extra build banner", () => special.getByTestId("special-banner").count());
  const banner = await special.getByTestId("special-banner").textContent();
  if (!/^Your extra build turn/.test(banner ?? "")) fail(`the banner on ${who}'s screen: ${banner}`);
  // The other screen and the TV draw each position on their own time: the
  // turn before may show there a moment longer. This turn waits on its
  // person, so they settle on it.
  const other = special === host ? eve : host;
  let otherBanner = "";
  await until(`the other screen's banner to name ${who}`, async () => {
    otherBanner = await textNow(other.getByTestId("special-banner"));
    return new RegExp(`^${who}'s extra build turn`).test(otherBanner);
  }).catch(() => fail(`the other screen's banner: ${otherBanner}`));
  if (await special.locator(".hf-trade").count()) fail("trading is offered on an extra build turn");
  if (await special.getByTestId("play-cards").count()) fail("card play is offered on an extra build turn");
  await special.getByTestId("build").waitFor();
  const end = special.locator('.action-bar button[data-move="end"]');
  if (!/^End your extra build turn$/.test((await end.textContent()) ?? "")) fail(`the end button says ${await end.textContent()}`);
  let tvLine = "";
  await until("the TV's extra build turn", async () => {
    tvLine = await textNow(tv.getByTestId("tv-turn"));
    return /Extra build turn/.test(tvLine);
  }).catch(() => fail(`the TV says ${tvLine}`));
  await agrees(special, path, who);
  await special.evaluate(() => window.scrollTo(0, 0));
  if (special === host) await fitsWidth(host, "the phone's extra build turn");
  await shot(special, special === host ? "01-phone-extra-build" : "01-laptop-extra-build");
  await shot(tv, "02-tv-extra-build");
  await tvShowsAll(tv, "the TV on an extra build turn");
  await clickMove(special, end, "the end of the extra build turn");
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
