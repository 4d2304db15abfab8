// Helpers of The Great Harbor's scenarios: playing a seat through its page
// (draft, place with a split, prompts, Govern, end), reading the server's own
// view of a seat, and the layout and privacy checks both scenarios share.

import { fail, log, until } from "./lib.mjs";

const panel = (page) => page.getByTestId("gh-action");

/** panelAttr reads an attribute of the decision panel without waiting for it: "gone" when there is none. */
const panelAttr = (page, name) => panel(page).evaluateAll((els, name) => els[0]?.getAttribute(name) ?? "gone", name);

/** myTurn says whether the page shows a decision for its seat. */
export async function myTurn(page) {
  return (await panelAttr(page, "data-mine")) === "1";
}

async function answered(page, before, what) {
  await until(`${what} to be answered`, async () => (await panelAttr(page, "data-version")) !== before, 15_000);
}

async function clickMove(page, locator, what) {
  const before = await panelAttr(page, "data-version");
  await locator.click();
  await answered(page, before, what);
}

/**
 * placeDie places one drafted die through the page: the die, then a slot on
 * the Harbor (the first open one matching prefer, else any, else the District),
 * then a split from the preview, then confirm. Preferred splits are looked for
 * on the first twelve open slots only. It returns what the preview showed.
 */
export async function placeDie(page, { prefer = [] } = {}) {
  const die = page.locator('[data-testid="gh-action"] [data-testid^="my-die-"]').first();
  await die.click();
  // The Harbor marks the slots open to the chosen die in the same drawing as the die's pressed state.
  await die.and(page.locator('[aria-pressed="true"]')).waitFor();
  const open = page.locator("svg.gh-harbor .gh-slot-open");
  // pickSlot taps the nth open slot and waits for the page to show it chosen, with its splits.
  const pickSlot = async (i) => {
    const slot = await open.nth(i).getAttribute("data-slot");
    await open.nth(i).click();
    await page.locator(`svg.gh-harbor .gh-slot-chosen[data-slot="${slot}"]`).waitFor();
  };
  let preview = null;
  // feeOffered says whether any slot looked at offered a placement that pays a Shore Fee and still earns.
  let feeOffered = false;
  const n = await open.count();
  if (n > 0) {
    let chosen = false;
    for (const want of prefer) {
      for (let i = 0; i < Math.min(n, 12) && !chosen; i++) {
        await pickSlot(i);
        if (!feeOffered) feeOffered = (await page.locator('[data-split][data-fee-paid="1"]').count()) > 0;
        const split = page.locator(`[data-split]${want}`).first();
        if ((await split.count()) > 0) {
          await split.click();
          chosen = true;
        }
      }
      if (chosen) break;
    }
    if (!chosen) {
      await pickSlot(0);
      await page.locator("[data-split]").first().click();
    }
    const sel = page.locator('[data-split][aria-checked="true"]');
    preview = {
      feeOffered,
      both: (await sel.getAttribute("data-both")) === "1",
      feePaid: (await sel.getAttribute("data-fee-paid")) === "1",
      tiles: await sel.getAttribute("data-tiles"),
      text: (await sel.textContent())?.trim(),
    };
  } else {
    await page.getByTestId("to-district").click();
  }
  await clickMove(page, page.getByTestId("place-confirm"), "a placement");
  return preview ?? { district: true };
}

/**
 * governButton opens the Govern steps to the first move of type (its kind,
 * then, in a long kind, the thing it acts on) and returns that move's
 * button, or null when no such move is offered. Shops are picked on the
 * Harbor (see pickShop), not here.
 */
export async function governButton(page, type) {
  const gov = panel(page).locator(".gh-govern");
  const kind = gov.locator(`.gh-govern-kinds button[data-types~="${type}"]`);
  if (type === "shop" || (await kind.count()) === 0) return null;
  if (!(await gov.evaluate((d) => d.open))) await gov.locator("summary").click();
  if ((await kind.getAttribute("aria-pressed")) !== "true") {
    await kind.click();
    // The kind's moves and subjects show in the same drawing as its pressed state.
    await kind.and(page.locator('[aria-pressed="true"]')).waitFor();
  }
  const move = gov.locator(`button[data-move="${type}"]:not([disabled])`).first();
  if ((await move.count()) > 0) return move;
  const subject = gov.locator(`.gh-govern-subjects button[data-types~="${type}"]`).first();
  if ((await subject.count()) === 0) return null;
  await subject.click();
  await move.waitFor();
  return move;
}

/** openCorner is a corner of the Harbor marked for a Shop, the inner corner 6 (where four tiles meet) when it is open; null when none is. */
export async function openCorner(page) {
  const open = page.locator("svg.gh-harbor .gh-corner-open");
  if ((await open.count()) === 0) return null;
  const six = open.and(page.locator('[data-corner="5"]'));
  return (await six.count()) > 0 ? six : open.first();
}

/**
 * pickShop sets up a Shop through the Harbor: a tap on a marked corner (see
 * openCorner), then the first Shop that corner's list offers. It returns the
 * corner's number, its spoken name and the button's label, or null when no
 * Shop is offered.
 */
export async function pickShop(page) {
  const corner = await openCorner(page);
  if (!corner) return null;
  const number = Number(await corner.getAttribute("data-corner")) + 1;
  const name = await corner.getAttribute("aria-label");
  await corner.click();
  const pick = page.getByTestId("gh-shop-pick");
  await pick.waitFor();
  const move = pick.locator('button[data-move="shop"]').first();
  const label = (await move.textContent())?.trim();
  return { number, name, label, move };
}

/** craneDie answers the Port Crane on the Harbor: a tap on the first die it may move, one on an empty slot, then the move. */
export async function craneDie(page) {
  const open = page.locator("svg.gh-harbor .gh-slot-open");
  const from = await open.first().getAttribute("data-slot");
  await open.first().click();
  await page.locator(`svg.gh-harbor .gh-slot-chosen[data-slot="${from}"]`).waitFor();
  await page.locator(`svg.gh-harbor .gh-slot-open:not([data-slot="${from}"])`).first().click();
  await clickMove(page, panel(page).locator('[data-testid="gh-crane"] button[data-move="crane"]'), "the Port Crane");
}

/**
 * act makes one decision on page if it has one and returns {kind, preview}, or
 * null. govern lists Govern move types to take when offered (first match wins,
 * through the Govern steps: see governButton);
 * prefer lists split selectors for placements (see placeDie).
 */
export async function act(page, { govern = [], prefer = [] } = {}) {
  // One look at the panel lists what it offers; then one click.
  const offer = await panel(page).evaluateAll((els) => {
    const p = els[0];
    if (p?.dataset.mine !== "1") return null;
    const buttons = [...p.querySelectorAll("button[data-move]:not([disabled])")].map((b, i) => ({
      i,
      move: b.dataset.move,
      prompt: Boolean(b.closest(".gh-prompts")),
    }));
    return { buttons, dice: p.querySelectorAll('[data-testid^="my-die-"]').length, crane: p.querySelector('[data-testid="gh-crane"]') !== null };
  });
  if (!offer) return null;
  const button = (b) => panel(page).locator("button[data-move]:not([disabled])").nth(b.i);
  const draft = offer.buttons.find((b) => b.move === "draft");
  if (draft) {
    await clickMove(page, button(draft), "a draft");
    return { kind: "draft" };
  }
  const prompt = offer.buttons.find((b) => b.prompt);
  if (prompt) {
    await clickMove(page, button(prompt), prompt.move);
    return { kind: prompt.move };
  }
  if (offer.crane) {
    await craneDie(page);
    return { kind: "crane" };
  }
  if (offer.dice > 0) return { kind: "place", preview: await placeDie(page, { prefer }) };
  for (const type of govern) {
    const g = await governButton(page, type);
    if (g) {
      const label = (await g.textContent())?.trim();
      await clickMove(page, g, type);
      return { kind: type, label };
    }
  }
  const end = offer.buttons.find((b) => b.move === "end");
  if (end) {
    await clickMove(page, button(end), "the end of the turn");
    return { kind: "end" };
  }
  return null;
}

/** serverView opens the page's own WebSocket to the table and returns the state the server sends this viewer. */
export async function serverView(page, path) {
  return page.evaluate(
    (path) =>
      new Promise((ok, bad) => {
        const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`);
        const t = setTimeout(() => bad(new Error("no state from the server")), 8000);
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.t === "state") {
            clearTimeout(t);
            ws.close();
            ok(m.d);
          }
        };
        ws.onerror = () => bad(new Error("websocket error"));
      }),
    path,
  );
}

const HIDDEN_KEYS = ["personDeck", "buildingDeck", "shipDeck", "pirateDeck", "bonusTiles", "rand", "deck", "draftSeq"];

/** noHiddenInView fails when a view holds another seat's hand or any deck order. */
export function noHiddenInView(view, viewer, where) {
  const walk = (o, path) => {
    if (o && typeof o === "object") {
      for (const [k, v] of Object.entries(o)) {
        if (HIDDEN_KEYS.includes(k)) fail(`${where}: the view carries ${path}${k}`);
        walk(v, `${path}${k}.`);
      }
    }
  };
  walk(view, "");
  view.players.forEach((p, seat) => {
    if (seat === viewer || seat >= view.n) return;
    if (p.handPeople || p.handBuildings || p.handShips) fail(`${where}: the view shows seat ${seat}'s hand`);
    if (p.peek >= 0) fail(`${where}: the view shows seat ${seat}'s Lighthouse look`);
  });
}

/** onlyMyHand fails when a page lists a hand other than its own seat's. */
export async function onlyMyHand(page, where, seated = true) {
  const hands = await page.getByTestId("my-hand").count();
  if (hands !== (seated ? 1 : 0)) fail(`${where} shows ${hands} hands`);
}

/** keyboardHarbor checks that tiles and slots take focus with spoken labels, a tile answers Enter and a tap on its face. */
export async function keyboardHarbor(page, where) {
  const labels = await page
    .locator("svg.gh-harbor")
    .first()
    .evaluate((svg) =>
      [...svg.querySelectorAll("[data-cell], [data-slot]")].map((el) => ({
        tile: el.hasAttribute("data-cell"),
        tab: el.getAttribute("tabindex"),
        closed: el.getAttribute("aria-disabled") === "true",
        label: el.getAttribute("aria-label") ?? "",
      })),
    );
  if (labels.length !== 33) fail(`${where}: the Harbor has ${labels.length} tiles and slots, want 33`);
  const unnamed = labels.filter((l) => l.label.length < 10);
  if (unnamed.length) fail(`${where}: ${unnamed.length} tiles or slots have no spoken label`);
  // The tiles are one Tab stop (the arrow keys move among them); a slot is a Tab stop only while the turn may use it.
  const tileStops = labels.filter((l) => l.tile && l.tab === "0").length;
  if (tileStops !== 1) fail(`${where}: the tiles hold ${tileStops} Tab stops, want 1`);
  const wrongSlots = labels.filter((l) => !l.tile && (l.tab === "0") === l.closed);
  if (wrongSlots.length) fail(`${where}: ${wrongSlots.length} slots are Tab stops when closed or not when open`);
  await page.locator("svg.gh-harbor [data-cell][tabindex='0']").focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("tile-details").waitFor();
  await page.getByTestId("tile-details").getByRole("button", { name: "Close" }).click();
  await until("the tile's details to close", async () => (await page.getByTestId("tile-details").count()) === 0);
  // A tap on the middle of a tile lands on its face, drawn over the button: the tap must reach the button.
  await page.locator("svg.gh-harbor [data-cell]").nth(4).click();
  await page.getByTestId("tile-details").waitFor();
  await page.getByTestId("tile-details").getByRole("button", { name: "Close" }).click();
}

/** textSizes returns the smallest font size of visible text on the page, in px. */
export async function smallestText(page) {
  return page.evaluate(() => {
    let min = 999;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const el = n.parentElement;
      if (!el || el.closest(".sr-only, title, svg")) continue; // SVG text scales with its picture; the Harbor is checked on its own
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > innerHeight) continue;
      const s = parseFloat(getComputedStyle(el).fontSize);
      if (s < min) min = s;
    }
    return min;
  });
}

/**
 * noOverflow fails when anything reaches past the phone's layout width. A
 * mobile browser zooms out to show a too-wide page, which hides the overflow
 * from scrollWidth checks, so this compares every element with clientWidth.
 */
export async function noOverflow(page, where) {
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= w + 1) return false;
        for (let p = el.parentElement; p; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== "visible" && p.getBoundingClientRect().right <= w + 1) return false;
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right ${Math.round(el.getBoundingClientRect().right)} of ${w}`);
  });
  if (wide.length) fail(`${where} reaches past the screen:\n${wide.join("\n")}`);
}

/**
 * harborClear fails when the Harbor on page cuts a tile's name or tiers, or
 * draws a mark (a Shore Fee, a Shop's "+" pips, a Shop or its corner number,
 * a corner's button) over a tile's words. It returns what it measured.
 */
export async function harborClear(page, where) {
  const found = await page.locator("svg.gh-harbor").evaluate((svg) => {
    const problems = [];
    const boxes = (el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return [...r.getClientRects()].filter((b) => b.width > 0 && b.height > 0);
    };
    const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const marks = [...svg.querySelectorAll(".gh-fee rect, .gh-shop-pips, .gh-corner-tag circle, .gh-shop > rect, .gh-corner-bg")].map((m) => ({
      what: m.closest(".gh-fee")
        ? `fee ${m.parentElement.textContent.trim()}`
        : `${m.getAttribute("class") ?? m.parentElement.getAttribute("class")} ${m.parentElement.textContent.trim()}`,
      box: m.getBoundingClientRect(),
    }));
    let words = 0;
    for (const body of svg.querySelectorAll(".gh-tile-body")) {
      const name = body.querySelector(".gh-tile-name");
      if (body.scrollHeight > body.clientHeight + 1) problems.push(`"${name.textContent}" is cut at its foot (${body.scrollHeight} > ${body.clientHeight})`);
      if (name.scrollWidth > name.clientWidth + 1 || getComputedStyle(name).textOverflow === "ellipsis")
        problems.push(`"${name.textContent}" is cut at its side`);
      for (const el of body.querySelectorAll(".gh-tile-name, .gh-tier-n, .gh-tier .gh-amount, .gh-tier small")) {
        for (const b of boxes(el)) {
          words++;
          for (const m of marks) if (meets(b, m.box)) problems.push(`${m.what} lies on "${el.textContent.trim()}" of ${name.textContent}`);
        }
      }
    }
    return { problems, words, marks: marks.length };
  });
  if (found.problems.length) fail(`${where}: ${found.problems.join("; ")}`);
  log(`${where}: ${found.words} pieces of tile text whole and clear of ${found.marks} marks`);
  return found;
}
