// Each person reads Harbor in their own language. A phone whose browser
// speaks German opens a Harbor Holdings table and sees the home page and the
// lobby in German; a phone whose browser speaks Spanish joins by the invite
// link and sees the join page and the same lobby in Spanish. The Spanish
// reader then picks Deutsch in the page's language choice: the lobby turns
// German at once and stays German after a reload, over the browser's
// language. The table's TV, in an English browser, speaks its host's
// language and follows her choice. Last, the lobby in the pseudo language (every string a third
// longer) still fits a 320 px phone and passes axe-core.

import { audit, fail, fitsWidth, PHONE, SMALL_PHONE, setStep, shot, STEP_TIMEOUT, until, watchErrors } from "./lib.mjs";

const text = (page, testId) => page.getByTestId(testId).textContent();

export default async function scenario({ browser, base }) {
  const deCtx = await browser.newContext({ ...PHONE, locale: "de-DE" });
  const esCtx = await browser.newContext({ ...PHONE, locale: "es-ES" });
  for (const c of [deCtx, esCtx]) c.setDefaultTimeout(STEP_TIMEOUT);
  const ana = await deCtx.newPage();
  const bo = await esCtx.newPage();
  const errors = watchErrors({ ana, bo });

  setStep("a German browser sees the home page in German and opens a table");
  await ana.goto(`${base}/`);
  await ana.getByRole("heading", { name: "Wähle ein Spiel", level: 2 }).waitFor();
  if ((await ana.evaluate(() => document.documentElement.lang)) !== "de") fail("the German page is not marked lang=de");
  if ((await ana.getByTestId("language").inputValue()) !== "de") fail("the language choice does not show Deutsch");
  await ana.getByRole("radio", { name: /Harbor Holdings/ }).check();
  await ana.getByLabel("Dein Name").fill("Ana");
  await ana.getByRole("button", { name: "Einen Tisch für Harbor Holdings eröffnen" }).click();
  await ana.waitForURL(/\/t\/[^/]+$/);

  setStep("the lobby is in German");
  await ana.getByRole("heading", { name: "Lade deine Freunde ein" }).waitFor();
  await ana.getByRole("button", { name: "Spiel starten" }).waitFor();
  const why = await ana.locator("#start-why").textContent();
  if (!/^Es fehlt noch 1 Spieler/.test(why ?? "")) fail(`the German lobby says why it cannot start as ${JSON.stringify(why)}`);
  await audit(ana, "the German lobby");
  await fitsWidth(ana, "the German lobby");
  await shot(ana, "01-lobby-de");

  setStep("the table's TV, in an English browser, speaks its host's German, and follows her choice");
  const tvCode = await ana.evaluate(async () => (await (await fetch(location.pathname.replace("/t/", "/api/tables/"))).json()).tv);
  const tvCtx = await browser.newContext({ locale: "en-US" });
  tvCtx.setDefaultTimeout(STEP_TIMEOUT);
  const tv = await tvCtx.newPage();
  await tv.goto(`${base}/tv/${tvCode}`);
  await until("the TV to speak German", async () => (await tv.evaluate(() => document.documentElement.lang)) === "de");
  await ana.getByTestId("language").selectOption("es");
  await until("the TV to follow its host to Spanish", async () => (await tv.evaluate(() => document.documentElement.lang)) === "es");
  await ana.getByTestId("language").selectOption("de");
  await until("the TV to follow its host back to German", async () => (await tv.evaluate(() => document.documentElement.lang)) === "de");
  await tvCtx.close();

  setStep("a Spanish browser joins by the invite link and sees the join page and lobby in Spanish");
  const invite = await ana.getByTestId("invite-link").inputValue();
  await bo.goto(invite);
  await bo.getByRole("heading", { name: "Unirse a la mesa de Harbor Holdings de Ana", level: 1 }).waitFor();
  await bo.getByLabel("Tu nombre").fill("Bo");
  await bo.getByRole("button", { name: "Unirse a la mesa" }).click();
  await bo.waitForURL(/\/t\/[^/]+$/);
  await bo.getByRole("button", { name: "Estoy listo" }).waitFor();
  await bo.getByRole("heading", { name: "Asientos" }).waitFor();
  await audit(bo, "the Spanish lobby");
  await shot(bo, "02-lobby-es");

  setStep("at the same table each reads their own language");
  await until("Ana's lobby to wait for Bo in German", async () => (await ana.locator("#start-why").textContent()) === "Warte darauf, dass Bo bereit ist.");
  await bo.getByRole("button", { name: "Estoy listo" }).click();
  await until("Ana's lobby to say everyone is ready", async () => (await ana.locator("#start-why").textContent()) === "Alle sind bereit.");
  if ((await text(bo, "seat-1")).includes("Bereit")) fail("Bo's Spanish lobby shows German words");

  setStep("Bo picks Deutsch: the lobby turns German at once and stays so after a reload");
  await bo.getByTestId("language").selectOption("de");
  await bo.getByRole("button", { name: "Ich bin nicht bereit" }).waitFor();
  await bo.reload();
  await bo.getByRole("button", { name: "Ich bin nicht bereit" }).waitFor();
  if ((await bo.getByTestId("language").inputValue()) !== "de") fail("after a reload the language choice is not Deutsch");
  if ((await bo.evaluate(() => navigator.language)) !== "es-ES") fail("Bo's browser is not Spanish, so the reload proves nothing");

  setStep("the lobby in the pseudo language fits a 320 px phone");
  await bo.evaluate(() => localStorage.setItem("harbor.lang", "pseudo"));
  await bo.setViewportSize(SMALL_PHONE.viewport);
  await bo.reload();
  await bo.getByRole("button", { name: /^ÍÍ'mm ñööt/ }).waitFor();
  await fitsWidth(bo, "the pseudo-language lobby on a 320 px phone");
  await audit(bo, "the pseudo-language lobby");
  await shot(bo, "03-lobby-pseudo-320");

  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
  await Promise.all([deCtx.close(), esCtx.close()]);
}
