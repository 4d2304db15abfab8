// The Great Harbor's cards you can read: on a 390 px phone a card on offer
// opens large with its cost, effect and rules line (audited by axe-core with
// the dialog open) and closes with Escape, the focus back on the card; then
// the person gets a Ship card from the offer through the Shipyard, reads it
// in the hand, launches it (paying its cost) and sees it at the dock. A
// 320 px phone and the TV (the cards on offer, the Automa's ships) show the
// same cards, with no text too small and none cut.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { audit, fail, fitsScreen, fitsWidth, LAPTOP, log, PHONE, repo, SMALL_PHONE, setStep, shot, TV, until, watchErrors } from "./lib.mjs";
import { act, governButton, noOverflow, serverView, smallestText } from "./greatharbor.lib.mjs";

const data = (name) => JSON.parse(readFileSync(join(repo, "games", "greatharbor", "data", `${name}.json`), "utf8"));
const SHIPS = data("ships").ships;
const BUILDINGS = data("buildings").buildings;
const RES = ["planks", "rope", "metal", "sails"];
/** the Harbor tile that pays each resource */
const TILE_OF = { planks: "CARPENTRY", rope: "ROPEYARD", metal: "BLACKSMITH_AVENUE", sails: "SAILMAKER" };
const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** costWords is a card's price as the large view writes it: "1 Planks, 2 Metal". */
const costWords = (cost) => RES.flatMap((r) => (cost[r] ? [`${cost[r]} ${cap(r)}`] : [])).join(", ") || "free";

/**
 * cardProblems lists the cards' text under min px, and any card text that
 * is cut: an element clipping what it holds, or an ellipsis.
 */
const cardProblems = (page, min) =>
  page.evaluate((min) => {
    const out = [];
    for (const card of document.querySelectorAll(".gh-card, .card-dialog[open]")) {
      const r = card.getBoundingClientRect();
      if (r.width === 0) continue;
      for (const el of card.querySelectorAll("*")) {
        if (el.closest(".sr-only, svg")) continue;
        const s = getComputedStyle(el);
        const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (text && parseFloat(s.fontSize) < min) out.push(`${card.dataset.card}: "${el.textContent.trim()}" at ${s.fontSize}`);
        if (s.textOverflow === "ellipsis") out.push(`${card.dataset.card}: an ellipsis on "${el.textContent.trim()}"`);
        if (el.scrollWidth > el.clientWidth + 1 && s.overflowX !== "visible") out.push(`${card.dataset.card}: "${el.textContent.trim()}" is cut`);
      }
      if (card.scrollWidth > card.clientWidth + 1) out.push(`${card.dataset.card ?? "the large card"} is wider than its box`);
      // A card its panel clips (the TV's side column hides what does not fit) is cut too.
      for (let p = card.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflow === "visible") continue;
        const box = p.getBoundingClientRect();
        if (r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.left < box.left - 1)
          out.push(`${card.dataset.card} lies outside ${p.tagName.toLowerCase()}.${[...p.classList].join(".")}, which clips it`);
      }
    }
    return out.slice(0, 8);
  }, min);

async function readable(page, min, where) {
  const bad = await cardProblems(page, min);
  if (bad.length) fail(`${where}: card text too small or cut:\n${bad.join("\n")}`);
}

export default async function scenario(ctx) {
  const { base } = ctx;
  const page = await ctx.newPage(PHONE);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ phone: page, tv });

  /** openSolo opens a solo table from the home page, starts it and shows it on the TV; it returns its socket path. */
  async function openSolo() {
    await page.goto(`${base}/`);
    await page.getByRole("radio", { name: /The Great Harbor/ }).check();
    await page.getByLabel("Your name").fill("Ana");
    await page.getByRole("button", { name: /Open a The Great Harbor table/ }).click();
    await page.waitForURL(/\/t\/[^/]+$/);
    const tableId = page.url().split("/t/")[1];
    const tvHref = await page.getByTestId("open-tv").getAttribute("href");
    await page.getByTestId("start").click();
    await page.locator("svg.gh-harbor").waitFor();
    await tv.goto(base + tvHref);
    await tv.locator("svg.gh-harbor").waitFor();
    return `/ws?table=${tableId}`;
  }

  setStep("open a solo table and its TV");
  let ws = await openSolo();

  setStep("the cards on offer show their cost and effect");
  const view = (await serverView(page, ws)).view;
  const building = view.buildingDisplay[0];
  const b = BUILDINGS[building];
  const offer = page.getByTestId("offer-building-0");
  await offer.scrollIntoViewIfNeeded();
  const face = await offer.innerText();
  if (!face.includes(b.name) || !face.includes("Cost")) fail(`the offer's first Building reads "${face}", want ${b.name} with its cost`);
  for (const r of RES)
    if (b.cost[r] && !(await offer.getByRole("img", { name: `${b.cost[r]} ${cap(r)}` }).count())) fail(`${b.name}'s face lacks its ${b.cost[r]} ${r}`);
  if ((await page.locator('[data-testid^="offer-"]').count()) !== 9) fail("the offer does not show nine cards");
  await readable(page, 12, "the phone's offer");
  await fitsWidth(page, "the phone with cards");
  await noOverflow(page, "the phone with cards");
  await shot(page, "01-phone-offer");

  setStep("a tap opens the card large, with its rules line");
  await offer.click();
  const dialog = page.getByRole("dialog", { name: b.name });
  await dialog.waitFor();
  const cost = await dialog.getByTestId("card-cost").innerText();
  if (!cost.includes(costWords(b.cost))) fail(`the large ${b.name} says its cost is "${cost}", want ${costWords(b.cost)}`);
  const effect = (await dialog.getByTestId("card-effect").innerText()).trim();
  const rule = (await dialog.getByTestId("card-rule").innerText()).trim();
  if (effect.length < 8 || rule.length < 30) fail(`the large ${b.name} says too little: "${effect}" / "${rule}"`);
  log(`${b.name}: costs ${costWords(b.cost)}; ${effect}; ${rule}`);
  await readable(page, 12, "the large card");
  await audit(page, "the large card (phone)");
  await shot(page, "02-phone-card-large");

  setStep("Escape closes it and the focus is back on the card");
  await page.keyboard.press("Escape");
  await until("the large card to close", async () => (await page.getByTestId("card-dialog").count()) === 0);
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
  if (focused !== "offer-building-0") fail(`after Escape the focus is on ${focused}, not the card`);

  setStep("Enter opens a ship on offer with its figures; Close closes it");
  const ship = view.shipDisplay[0];
  await page.getByTestId("offer-ship-0").focus();
  await page.keyboard.press("Enter");
  const shipDialog = page.getByRole("dialog", { name: SHIPS[ship].name });
  await shipDialog.waitFor();
  for (const f of ["Speed", "Strength", "Cargo", "Hull"]) {
    const shown = await shipDialog.locator(`[data-figure="${f}"]`).innerText();
    if (Number(shown) !== SHIPS[ship][f.toLowerCase()]) fail(`${SHIPS[ship].name}'s ${f} reads ${shown}`);
  }
  await shipDialog.getByRole("button", { name: "Close" }).click();
  await until("the ship to close", async () => (await page.getByTestId("card-dialog").count()) === 0);

  setStep("take a Ship card from the offer, read it in the hand, launch it");
  const offered = new Set();
  const handShips = () => page.locator('[data-testid^="hand-ship-"]').evaluateAll((els) => els.map((e) => Number(e.dataset.testid.split("-").pop())));
  let launched = -1;
  // The dice decide whether a ship's price can be gathered before a solo game ends; when it ends first,
  // the same steps start over at a new table (at most GAMES tables).
  const GAMES = 4;
  for (let k = 0, games = 1; k < 4000 && launched < 0; k++) {
    if ((await page.getByTestId("ranking").count()) > 0) {
      if (games === GAMES) fail(`${GAMES} games ended before a ship could be launched`);
      log(`game ${games} ended before a ship could be launched; a new table`);
      games++;
      offered.clear();
      ws = await openSolo();
      continue;
    }
    for (const c of await page.locator('[data-testid^="offer-ship-"]').evaluateAll((els) => els.map((e) => e.dataset.card))) offered.add(c);
    const hand = await handShips();
    for (const c of hand) if (!offered.has(`ship-${c}`)) fail(`${SHIPS[c].name} came into the hand without being on offer`);
    // A launch is a Govern action: open its kind (and thing) in the Govern steps first.
    const launch = page.locator('.gh-govern button[data-move="play_ship"]:not([disabled])');
    if (hand.length && (await governButton(page, "play_ship")) && (await launch.count()) > 0 && (await launch.first().isVisible())) {
      const label = await launch.first().innerText();
      const card = hand.find((c) => label.includes(`Launch ${SHIPS[c].name} `));
      if (card === undefined) fail(`the launch "${label}" names no ship in the hand`);
      // Read it in the hand first: its price, large.
      await page.getByTestId(`hand-ship-${card}`).click();
      const large = page.getByRole("dialog", { name: SHIPS[card].name });
      const price = await large.getByTestId("card-cost").innerText();
      if (!price.includes(costWords(SHIPS[card].cost)) || !label.includes(costWords(SHIPS[card].cost)))
        fail(`${SHIPS[card].name} costs "${price}" in the hand and "${label}" on its move`);
      await large.getByRole("button", { name: "Close" }).click();
      const before = (await serverView(page, ws)).view.players[0];
      const version = await page.getByTestId("gh-action").getAttribute("data-version");
      await launch.first().click();
      await until("the launch to be answered", async () => (await page.getByTestId("gh-action").getAttribute("data-version")) !== version);
      const after = (await serverView(page, ws)).view.players[0];
      RES.forEach((r, i) => {
        const paid = (before.res?.[i] ?? 0) - (after.res?.[i] ?? 0);
        if (paid !== (SHIPS[card].cost[r] ?? 0)) fail(`launching ${SHIPS[card].name} took ${paid} ${r}, its cost is ${SHIPS[card].cost[r] ?? 0}`);
      });
      const docked = page.locator(`[data-testid="colony-0"] .gh-ships [data-card="ship-${card}"]`);
      await until(`${SHIPS[card].name} at a dock`, () => docked.count());
      if ((await page.getByTestId(`hand-ship-${card}`).count()) !== 0) fail(`${SHIPS[card].name} is still in the hand`);
      launched = card;
      log(`launched ${SHIPS[card].name} for ${costWords(SHIPS[card].cost)} after ${k} steps`);
      break;
    }
    // Until a ship is in the hand the person places toward the Shipyard, then toward the resources
    // its price lacks, and turns Coins into them when no die is left to place.
    let prefer = ['[data-tiles*="SHIPYARD"]'];
    if (hand.length) {
      const me = (await serverView(page, ws)).view.players[0];
      const lacking = RES.filter((r, i) => hand.some((c) => (SHIPS[c].cost[r] ?? 0) > (me.res?.[i] ?? 0)));
      prefer = lacking.map((r) => `[data-tiles*="${TILE_OF[r]}"]`);
      // Conversions are Govern actions: open their kind (and thing) in the Govern steps first.
      for (const r of lacking) {
        if (!(await governButton(page, "convert"))) break;
        const convert = page.locator('.gh-govern button[data-move="convert"]:not([disabled])', { hasText: `into 1 ${cap(r)}` });
        if ((await convert.count()) && (await convert.first().isVisible())) {
          const version = await page.getByTestId("gh-action").getAttribute("data-version");
          await convert.first().click();
          await until("the conversion to be answered", async () => (await page.getByTestId("gh-action").getAttribute("data-version")) !== version);
          break;
        }
      }
    }
    if (!(await act(page, { prefer, govern: [] }))) await new Promise((r) => setTimeout(r, 100));
  }
  if (launched < 0) fail("no ship was launched");
  const dock = page.locator(`[data-testid="colony-0"] .gh-ships [data-card="ship-${launched}"]`);
  await dock.scrollIntoViewIfNeeded();
  await readable(page, 12, "the phone's colony");
  await fitsWidth(page, "the phone's colony");
  await noOverflow(page, "the phone's colony");
  await shot(page, "03-phone-launched");

  setStep("a 320 px phone reads the same cards");
  const small = await ctx.newPage(SMALL_PHONE);
  await small.context().addCookies(await page.context().cookies());
  await small.goto(page.url());
  await small.getByTestId("offer-building-0").scrollIntoViewIfNeeded();
  await readable(small, 12, "the 320 px phone");
  await fitsWidth(small, "the 320 px phone");
  await noOverflow(small, "the 320 px phone");
  await shot(small, "04-small-phone-offer");
  await small.getByTestId("offer-building-0").click();
  await small.getByTestId("card-dialog").waitFor();
  await readable(small, 12, "the large card on a 320 px phone");
  await fitsWidth(small, "the large card on a 320 px phone");
  await shot(small, "05-small-phone-card-large");
  await small.keyboard.press("Escape");

  setStep("a laptop shows the same cards beside the Harbor");
  const laptop = await ctx.newPage(LAPTOP);
  await laptop.context().addCookies(await page.context().cookies());
  await laptop.goto(page.url());
  await laptop.getByTestId("offer-building-0").scrollIntoViewIfNeeded();
  await readable(laptop, 12, "the laptop");
  await shot(laptop, "06-laptop-offer");
  await laptop.locator(`[data-testid="colony-0"] [data-card="ship-${launched}"]`).scrollIntoViewIfNeeded();
  await shot(laptop, "07-laptop-colony");

  setStep("the TV shows the cards");
  const offerOf = (p) => p.locator('[data-testid^="offer-"]').evaluateAll((els) => els.map((e) => e.dataset.card).join(" "));
  await until(
    "the TV to show the phone's nine cards on offer",
    async () => (await offerOf(tv)) === (await offerOf(page)) && (await offerOf(tv)).split(" ").length === 9,
  );
  if ((await tv.locator("button.gh-card").count()) !== 0) fail("the TV draws cards as buttons");
  await readable(tv, 20, "the TV");
  const tvMin = await smallestText(tv);
  if (tvMin < 20) fail(`the TV shows text of ${tvMin}px`);
  await fitsScreen(tv, "the TV with cards");
  await shot(tv, "08-tv-cards");

  if (errors.length) fail(`script errors:\n${errors.join("\n")}`);
}
