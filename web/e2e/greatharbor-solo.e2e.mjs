// The Great Harbor solo: one person on a phone against the Automa, the whole
// game played through the page to the final scores, with the quick reference,
// the keyboard and a small phone checked on the way.

import { fail, fitsWidth, log, PHONE, SMALL_PHONE, setStep, shot, until, watchErrors } from "./lib.mjs";
import { act, keyboardHarbor, noHiddenInView, noOverflow, onlyMyHand, serverView } from "./greatharbor.lib.mjs";

export default async function scenario(ctx) {
  const { base } = ctx;
  const page = await ctx.newPage(PHONE);
  const errors = watchErrors({ phone: page });

  setStep("open a solo table");
  await page.goto(`${base}/`);
  await page.getByRole("radio", { name: /The Great Harbor/ }).check();
  await page.getByLabel("Your name").fill("Ana");
  await page.getByRole("button", { name: /Open a The Great Harbor table/ }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  const tableId = page.url().split("/t/")[1];
  await page.getByTestId("start").click();
  await page.locator("svg.gh-harbor").waitFor();
  await page.getByTestId("gh-automa").waitFor();
  await fitsWidth(page, "the solo game");
  await noOverflow(page, "the solo game");
  await shot(page, "01-phone-start");

  setStep("the quick reference opens and closes");
  await page.getByTestId("gh-ref-open").click();
  await page.getByTestId("gh-quickref").waitFor();
  if ((await page.locator(".gh-ref-table tbody tr").count()) !== 9) fail("the benefits table lacks a tile");
  await shot(page, "02-phone-quickref");
  await page.keyboard.press("Escape");
  await until("the reference to close", async () => !(await page.getByTestId("gh-quickref").isVisible()));

  setStep("the Harbor from the keyboard");
  await keyboardHarbor(page, "the phone");

  setStep("play the whole game");
  let moves = 0;
  let shotPlace = false;
  for (let k = 0; k < 3000; k++) {
    if ((await page.getByTestId("ranking").count()) > 0) break;
    if (!shotPlace && (await page.locator('[data-testid^="my-die-"]').count()) > 0) {
      // The first placement: show the split preview before the die goes down.
      await page.locator('[data-testid^="my-die-"]').first().click();
      const open = page.locator("svg.gh-harbor .gh-slot-open");
      if ((await open.count()) > 0) {
        await open.first().click();
        await page.locator("[data-split]").first().click();
        await page.getByTestId("gh-action").scrollIntoViewIfNeeded();
        await fitsWidth(page, "the split preview");
        await shot(page, "03-phone-split-preview");
        shotPlace = true;
      }
      await page.locator('[data-testid^="my-die-"][aria-pressed="true"]').click();
    }
    const did = await act(page);
    if (did) moves++;
    else await new Promise((r) => setTimeout(r, 100));
    if (moves === 40 && k % 1 === 0) {
      const v = await serverView(page, `/ws?table=${tableId}`);
      noHiddenInView(v.view, 0, "the phone's view");
      await onlyMyHand(page, "the phone");
    }
    if (k === 2999) fail("the solo game did not end");
  }
  log(`solo game over after ${moves} moves through the page`);

  setStep("the final scores");
  await page.getByTestId("ranking").waitFor();
  const rows = await page.locator(".gh-score-table tbody tr").count();
  if (rows !== 2) fail(`the score table has ${rows} rows, want Ana and the Automa`);
  if ((await page.locator('[data-testid="gh-chart"] polyline').count()) !== 2) fail("the Prestige chart lacks a line");
  await fitsWidth(page, "the final scores");
  await noOverflow(page, "the final scores");
  await page.getByTestId("ranking").scrollIntoViewIfNeeded();
  await shot(page, "04-phone-scores");

  setStep("a 320 px phone");
  const small = await ctx.newPage(SMALL_PHONE);
  const cookies = await page.context().cookies();
  await small.context().addCookies(cookies);
  await small.goto(page.url());
  await small.getByTestId("ranking").waitFor();
  await fitsWidth(small, "the scores on a 320 px phone");
  await noOverflow(small, "the scores on a 320 px phone");
  await shot(small, "05-small-phone-scores");

  if (errors.length) fail(`script errors:\n${errors.join("\n")}`);
}
