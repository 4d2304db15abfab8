// Neko Harbour in German and Spanish on 320 px phones: Ana reads German,
// Bo Spanish, the TV speaks its host's German. A whole game through the
// pages, with every move's page checked for sideways scrolling (clickMove),
// the turn panel, a large card and the final scores in each language, and
// the log worded in the reader's language.

import { audit, fail, fitsScreen, pageApi, SMALL_PHONE, setStep, shot, TV, until, watchErrors } from "./lib.mjs";
import { fitsPhone, join, openTable, playUntil, step } from "./neko.mjs";

/**
 * speak switches a page to a language as a person does by the page's choice: remembered in the
 * browser and told to the server (PUT /api/lang, as the language menu does), so a TV of a table
 * the person hosts follows it.
 */
async function speak(page, lang) {
  const told = await pageApi(page, "PUT", "/api/lang", { lang });
  if (told.status !== 200) fail(`telling the server ${lang}: ${told.status} ${JSON.stringify(told.body)}`);
  await page.evaluate((l) => localStorage.setItem("harbor.lang", l), lang);
  await page.reload();
  await until(`the page in ${lang}`, async () => (await page.evaluate(() => document.documentElement.lang)) === lang);
}

export default async function scenario(ctx) {
  const ana = await ctx.newPage(SMALL_PHONE);
  const bo = await ctx.newPage(SMALL_PHONE);
  const tv = await ctx.newPage({ ...TV, locale: "de-DE" });
  const errors = watchErrors({ ana, bo, tv });
  const humans = [ana, bo];

  setStep("Ana opens a Neko Harbour table, Bo joins, both turn to their languages");
  const { invite, tv: tvHref } = await openTable(ana, ctx.base, "Ana");
  await join(bo, invite, "Bo");
  await until("start to become possible", () => ana.getByTestId("start").isEnabled());
  await ana.getByTestId("start").click();
  await tv.goto(ctx.base + tvHref);
  await speak(ana, "de");
  await speak(bo, "es");
  for (const p of [...humans, tv]) await until("the draft on every screen", async () => (await p.locator(".nk-draft, .nk-tv-draft").count()) > 0);
  await until("Ana's draft in German", async () => /Auswahl Periode 1/.test((await ana.locator("#nk-draft-h").textContent()) ?? ""));
  await until("Bo's draft in Spanish", async () => /Selección del periodo 1/.test((await bo.locator("#nk-draft-h").textContent()) ?? ""));
  for (const [p, who] of [
    [ana, "the German draft"],
    [bo, "the Spanish draft"],
  ]) {
    await fitsPhone(p, who);
    await audit(p, who);
  }
  await shot(ana, "01-draft-de-320");
  await shot(bo, "02-draft-es-320");

  setStep("a large card in German");
  await ana.locator(".nk-display .nk-card").first().click();
  await ana.getByTestId("card-dialog").waitFor();
  if (!/Knotenwert/.test((await ana.getByTestId("card-dialog").textContent()) ?? "")) fail("Ana's large card is not in German");
  await fitsPhone(ana, "the German large card");
  await shot(ana, "03-card-de-320");
  await ana.keyboard.press("Escape");
  await until("the card to close", async () => (await ana.getByTestId("card-dialog").count()) === 0);

  setStep("the draft, then a turn panel in each language");
  await playUntil(humans, async () => (await Promise.all(humans.map((p) => p.getByTestId("turn-panel").count()))).some((n) => n > 0), "a turn panel");
  const mover = (await ana.getByTestId("turn-panel").count()) ? ana : bo;
  await fitsPhone(mover, "the turn panel");
  await audit(mover, "the turn panel");
  await shot(mover, "04-turn-panel-320");
  const log = (await ana.locator(".nk-log").textContent()) ?? "";
  if (!/nahm/.test(log)) fail(`Ana's log is not in German: ${log.slice(0, 200)}`);
  const blog = (await bo.locator(".nk-log").textContent()) ?? "";
  if (!/tomó/.test(blog)) fail(`Bo's log is not in Spanish: ${blog.slice(0, 200)}`);
  await fitsScreen(tv, "the German TV");
  await shot(tv, "05-tv-de");

  setStep("the game to its end");
  await playUntil(humans, async () => (await Promise.all([...humans, tv].map((p) => p.getByTestId("final-scores").count()))).every((n) => n > 0), "its end");
  for (const [p, who, word] of [
    [ana, "Ana's German final scores", /Summe/],
    [bo, "Bo's Spanish final scores", /Puntos de/],
    [tv, "the German TV's final scores", /Summe/],
  ]) {
    if (!word.test((await p.getByTestId("final-scores").textContent()) ?? "")) fail(`${who} are not in their language`);
  }
  await fitsPhone(ana, "the German final scores");
  await fitsPhone(bo, "the Spanish final scores");
  await shot(ana, "06-final-de-320");
  await shot(bo, "07-final-es-320");
  await shot(tv, "08-tv-final-de");
  if (await step(ana)) fail("a move was offered after the end");

  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
}
