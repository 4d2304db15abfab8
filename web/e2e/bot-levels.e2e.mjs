// Computer levels end to end: the host, on a phone, opens a Harborfall table,
// adds two computer players and picks a level for each; the TV lobby shows
// each level beside the computer's name. A Harbor Holdings table says its one
// computer player has a single level, and its TV shows no level.

import { fail, fitsScreen, fitsWidth, PHONE, SMALL_PHONE, TV, setStep, shot, STEP_TIMEOUT, unnamedControls, until, watchErrors } from "./lib.mjs";

/** openTable opens a table of the game named on the home page and returns its TV link. */
async function openTable(page, base, gameName) {
  await page.goto(`${base}/`);
  await page.getByRole("radio", { name: new RegExp(gameName) }).check();
  await page.getByLabel("Your name").fill("Ana");
  await page.getByRole("button", { name: new RegExp(`Open a ${gameName} table`) }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  return page.getByTestId("open-tv").getAttribute("href");
}

const tvLevel = (tv, seat) => tv.getByTestId(`tv-level-${seat}`).textContent();

/** scenario runs the level picker; ctx comes from run.mjs. */
export default async function scenario(ctx) {
  const { browser, base } = ctx;
  const hostCtx = await browser.newContext(PHONE);
  const tvCtx = await browser.newContext(TV);
  for (const c of [hostCtx, tvCtx]) c.setDefaultTimeout(STEP_TIMEOUT);
  const host = await hostCtx.newPage();
  const tv = await tvCtx.newPage();
  const errors = watchErrors({ host, tv });

  setStep("host opens a Harborfall table and the TV");
  const tvHref = await openTable(host, base, "Harborfall");
  await tv.goto(base + tvHref);
  await tv.getByTestId("tv-code").waitFor();

  setStep("host adds a computer player: normal unless picked");
  await host.getByRole("button", { name: "Add a computer player in seat 2" }).click();
  const picker = host.getByLabel("Level").first();
  await picker.waitFor();
  if ((await picker.inputValue()) !== "normal") fail(`a new computer player starts at ${await picker.inputValue()}`);
  await until("the TV to show a normal computer player", async () => (await tvLevel(tv, 1)) === "Computer · Normal");

  setStep("host picks hard for seat 2 and easy for seat 3");
  await host.getByTestId("level-1").selectOption("hard");
  await until("seat 2 to be hard on the host's lobby", async () => (await host.getByTestId("level-1").inputValue()) === "hard");
  await until("the TV to show the hard computer player", async () => (await tvLevel(tv, 1)) === "Computer · Hard");
  await host.getByRole("button", { name: "Add a computer player in seat 3" }).click();
  await host.getByTestId("level-2").waitFor();
  await host.getByTestId("level-2").selectOption("easy");
  await until("the TV to show the easy computer player", async () => (await tvLevel(tv, 2)) === "Computer · Easy");
  if ((await tvLevel(tv, 1)) !== "Computer · Hard") fail("seat 2 lost its level when seat 3 changed");
  const hint = await host.locator("#level-1-help").textContent();
  if (!/Looks ahead/.test(hint ?? "")) fail(`the hard level's hint reads ${hint}`);
  const unnamed = await unnamedControls(host);
  if (unnamed.length) fail(`controls without a name: ${unnamed.join(" | ")}`);
  const pickerHeight = await host.getByTestId("level-1").evaluate((el) => el.getBoundingClientRect().height);
  if (pickerHeight < 44) fail(`the level picker is ${pickerHeight}px high on a phone`);
  await fitsWidth(host, "the lobby with level pickers");
  await host.getByTestId("seat-1").scrollIntoViewIfNeeded();
  await shot(host, "01-phone-lobby-levels");
  await fitsScreen(tv, "the TV lobby with levels");
  await shot(tv, "02-tv-lobby-levels");

  setStep("the picker fits a small phone");
  await host.setViewportSize(SMALL_PHONE.viewport);
  await fitsWidth(host, "the lobby on a 320px phone");
  await host.getByTestId("seat-2").scrollIntoViewIfNeeded();
  await shot(host, "03-small-phone-lobby-levels");
  await host.setViewportSize(PHONE.viewport);

  setStep("a Holdings table has one computer level");
  const holdingsTv = await openTable(host, base, "Harbor Holdings");
  await host.getByRole("button", { name: "Add a computer player in seat 2" }).click();
  const one = host.getByTestId("level-1");
  await one.waitFor();
  if (!/One level/.test((await one.textContent()) ?? "")) fail(`the Holdings computer seat reads ${await one.textContent()}`);
  if ((await host.getByLabel("Level").count()) !== 0) fail("Holdings offers a level picker");
  await host.getByTestId("seat-1").scrollIntoViewIfNeeded();
  await shot(host, "04-phone-holdings-one-level");
  await tv.goto(base + holdingsTv);
  await until("the Holdings TV to show its computer player", async () => (await tvLevel(tv, 1)) === "Computer");

  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
  await Promise.all([hostCtx.close(), tvCtx.close()]);
}
