// The Great Harbor's choices on the board, on a phone: a solo table with
// Harbor Shops, where a Govern action is picked in short steps (its kind,
// then the thing it acts on) and a Shop is set up by tapping a numbered
// corner on the Harbor, from a touch and from the keyboard. The corner's
// number reads the same on the board, on the button and in the log. Every
// step passes the strict accessibility audit, on a 390 px and a 320 px phone.
// With the Shop set up, the Harbor shows every tile's name whole and no mark
// (fee, Shop, its pips, a corner's number) on a tile's words, on both phones
// and a 1366 px laptop.

import { audit, fail, fitsWidth, log, PHONE, results, SMALL_PHONE, setStep, shot, until, watchErrors } from "./lib.mjs";
import { act, governButton, harborClear, myTurn, noOverflow, openCorner, pickShop } from "./greatharbor.lib.mjs";

/** The Govern kinds tried for the first Govern action, first offered wins. */
const GOVERN = ["convert", "construct", "play_building", "play_person", "play_ship", "favor_senate", "favor_pip", "crew", "convert_card", "employ", "activate"];

/** logLines is the log's text, newest first. */
const logLines = (page) => page.locator(".log-lines li").allTextContents();

export default async function scenario(ctx) {
  const { base } = ctx;
  const page = await ctx.newPage(PHONE);
  const errors = watchErrors({ phone: page });

  setStep("open a solo table with Harbor Shops");
  await page.goto(`${base}/`);
  await page.getByRole("radio", { name: /The Great Harbor/ }).check();
  await page.getByLabel("Your name").fill("Ana");
  await page.getByRole("button", { name: /Open a The Great Harbor table/ }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  await page.getByLabel("Harbor Shops variant").click();
  await until("the Shops option to apply", () => page.getByLabel("Harbor Shops variant").isChecked());
  await page.getByTestId("start").click();
  await page.locator("svg.gh-harbor").waitFor();

  setStep("the Harbor numbers its 16 corners");
  const corners = await page.locator("svg.gh-harbor [data-corner]").evaluateAll((els) => els.map((e) => e.textContent?.trim()));
  if (corners.join(",") !== Array.from({ length: 16 }, (_, i) => String(i + 1)).join(",")) fail(`the corners read ${corners.join(",")}`);

  setStep("play until a Govern action and a Shop are offered");
  let governed = null;
  let shop = null;
  for (let k = 0; k < 2000 && !(governed && shop); k++) {
    if ((await page.getByTestId("ranking").count()) > 0) fail("the game ended before a Shop was offered");
    const onTurn = (await myTurn(page)) && (await page.locator('[data-testid="gh-action"] [data-testid^="my-die-"]').count()) === 0;
    const govern = onTurn ? await page.locator(".gh-govern-kinds button").count() : 0;
    if (govern > 0 && !governed) {
      setStep("a Govern action in short steps");
      for (const type of GOVERN) {
        const b = await governButton(page, type);
        if (!b) continue;
        const kinds = await page.locator(".gh-govern-kinds button").count();
        const shown = await page.locator(".gh-govern button[data-move]:not([disabled])").count();
        if (shown > 12) fail(`the ${type} step shows ${shown} moves at once`);
        await b.scrollIntoViewIfNeeded();
        await fitsWidth(page, "the Govern steps");
        await shot(page, "01-phone-govern-steps");
        await audit(page, "the Govern steps (phone)");
        const label = (await b.textContent())?.trim();
        const before = await page.getByTestId("gh-action").getAttribute("data-version");
        await b.click();
        await until("the Govern action to be answered", async () => (await page.getByTestId("gh-action").getAttribute("data-version")) !== before);
        governed = label;
        log(`governed through ${kinds} kinds and ${shown} choices: ${label}`);
        break;
      }
      if (governed) continue;
    }
    if (onTurn && !shop && (await page.locator("svg.gh-harbor .gh-corner-open").count()) > 0) {
      setStep("a corner answers the keyboard");
      const first = await openCorner(page);
      await first.focus();
      await page.keyboard.press("Enter");
      await until("the corner to be picked", async () => (await first.getAttribute("aria-pressed")) === "true");
      await page.getByTestId("gh-shop-pick").waitFor();
      await page.keyboard.press(" ");
      await until("the corner to be let go", async () => (await page.getByTestId("gh-shop-pick").count()) === 0);

      setStep("a Shop set up on a corner tapped on the Harbor");
      const pick = await pickShop(page);
      if (!pick) fail("a marked corner offered no Shop");
      if (!pick.name.startsWith(`Corner ${pick.number}, where `)) fail(`the corner is named "${pick.name}"`);
      if (!pick.label.startsWith(`Set up a Shop on corner ${pick.number} by `)) fail(`the corner's Shop reads "${pick.label}"`);
      const listed = await page.locator('[data-testid="gh-shop-pick"] button[data-move="shop"]').allTextContents();
      if (listed.length > 16) fail(`corner ${pick.number} lists ${listed.length} Shops`);
      if (listed.some((l) => !l.includes(`corner ${pick.number} `))) fail(`corner ${pick.number}'s list holds another corner: ${listed.join(" | ")}`);
      await page.locator("svg.gh-harbor").scrollIntoViewIfNeeded();
      await fitsWidth(page, "a picked corner");
      await noOverflow(page, "a picked corner");
      await shot(page, "02-phone-corner-picked");
      await page.getByTestId("gh-shop-pick").scrollIntoViewIfNeeded();
      await shot(page, "03-phone-corner-shops");
      await audit(page, "a corner's Shops (phone)");
      await smallPhone(ctx, page);
      setStep("the Shop on the board and in the log");
      const tile = pick.label.match(/ by (.+) for /)?.[1];
      const before = await page.getByTestId("gh-action").getAttribute("data-version");
      await pick.move.click();
      await until("the Shop to be set up", async () => (await page.getByTestId("gh-action").getAttribute("data-version")) !== before);
      const on = page.locator(`svg.gh-harbor .gh-shop[data-corner="${pick.number - 1}"]`);
      await until("the Shop on the board", async () => (await on.count()) === 1);
      const spoken = await on.getAttribute("aria-label");
      if (spoken !== `Ana's Shop on corner ${pick.number}, by ${tile}`) fail(`the board names the Shop "${spoken}"`);
      const line = `Ana set up a Shop on corner ${pick.number}, by ${tile}`;
      await until(`the log line "${line}"`, async () => (await logLines(page)).some((l) => l.includes(line)));
      shop = pick;
      log(`${pick.label}; the board says "${spoken}"; the log says "${line}"`);
      continue;
    }
    const did = await act(page);
    if (!did) await new Promise((r) => setTimeout(r, 100));
  }
  if (!governed) fail("no Govern action was offered");
  if (!shop) fail("no Shop was offered");

  setStep("the Harbor's marks keep off its words, on phones and a laptop");
  await harborClear(page, "the Harbor on a 390 px phone");
  await page.locator("svg.gh-harbor").screenshot({ path: `${results}/greatharbor-board-06-harbor-390.png` });
  for (const [size, name] of [
    [SMALL_PHONE, "320"],
    [{ viewport: { width: 1366, height: 768 } }, "1366"],
  ]) {
    const other = await ctx.newPage(size);
    await other.context().addCookies(await page.context().cookies());
    await other.goto(page.url());
    await other.locator("svg.gh-harbor .gh-shop").first().waitFor();
    await harborClear(other, `the Harbor at ${name} px`);
    await other.locator("svg.gh-harbor").screenshot({ path: `${results}/greatharbor-board-07-harbor-${name}.png` });
    await other.close();
  }

  if (errors.length) fail(`script errors:\n${errors.join("\n")}`);
}

/** smallPhone opens the same seat on a 320 px phone while a Shop is offered: the numbered corners, a corner tapped and its Shops. */
async function smallPhone(ctx, page) {
  setStep("the numbered corners on a 320 px phone");
  const small = await ctx.newPage(SMALL_PHONE);
  await small.context().addCookies(await page.context().cookies());
  await small.goto(page.url());
  await small.locator("svg.gh-harbor").waitFor();
  await fitsWidth(small, "the Harbor on a 320 px phone");
  await noOverflow(small, "the Harbor on a 320 px phone");
  await small.locator("svg.gh-harbor").scrollIntoViewIfNeeded();
  await shot(small, "04-small-phone-corners");
  await (await openCorner(small)).click();
  await small.getByTestId("gh-shop-pick").waitFor();
  await small.getByTestId("gh-shop-pick").scrollIntoViewIfNeeded();
  await fitsWidth(small, "a corner's Shops on a 320 px phone");
  await shot(small, "05-small-phone-corner-shops");
  await audit(small, "a corner's Shops on a 320 px phone");
  await small.close();
}
