// The screens no game scenario audits, and the zoomed boards: the home page
// (phone, small phone, laptop), the device-link page, and for each game with
// screens its rules reference with its icon legend, its lobby, and its play
// screen on a 390 px phone with the board zoomed in. Every screen is audited
// with axe-core (any violation fails) and must not scroll sideways at 390 px
// and 320 px. On the zoomed board the smallest text must reach 12 px, a
// control's middle must be that control (a tap lands where it shows), and a
// tap on a space opens that space.

import { everyGame } from "./games.mjs";
import { audit, fail, fitsWidth, LAPTOP, log, pageApi, PHONE, setStep, shot, SMALL_PHONE, until, watchErrors } from "./lib.mjs";

/**
 * Each game, by id: its zoomable board and the computer players its lobby
 * needs before it starts. A game the server registers with screens but
 * missing here fails the scenario (games.mjs).
 */
const GAMES = {
  holdings: { board: "svg.board", bots: 1 },
  harborfall: { board: "svg.hf-board", bots: 2 },
  greatharbor: { board: "svg.gh-harbor", bots: 0 },
  neko: { board: ".nk-town", bots: 1 },
};

/** both widths: the page fits a 390 px and a 320 px phone, with a screenshot of each. */
async function bothWidths(page, where, name) {
  await fitsWidth(page, `${where} on a 390 px phone`);
  await shot(page, `${name}-390`);
  await page.setViewportSize(SMALL_PHONE.viewport);
  await fitsWidth(page, `${where} on a 320 px phone`);
  await shot(page, `${name}-320`);
  await page.setViewportSize(PHONE.viewport);
}

/**
 * boardText measures the text shown on the zoom board (visible text only, in
 * pixels on the screen): the smallest size and what it is.
 */
const boardText = (page) =>
  page.evaluate(() => {
    const root = document.querySelector(".zoom-inner");
    if (!root) return null;
    let min = { px: Infinity, text: "" };
    let count = 0;
    for (const el of root.querySelectorAll("*")) {
      const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim()).map((n) => n.textContent.trim());
      if (own.length === 0 || el.closest(".sr-only, title, desc, style, defs, symbol")) continue;
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (cs.visibility === "hidden" || cs.display === "none" || r.width === 0 || r.height === 0 || Number(cs.opacity) === 0) continue;
      let px = parseFloat(cs.fontSize);
      if (el instanceof SVGElement) {
        // An SVG's text is sized in its own units: scale by what one unit measures on the screen.
        const m = el.getScreenCTM();
        px *= Math.hypot(m.a, m.b);
      } else px *= el.currentCSSZoom ?? 1;
      count++;
      if (px < min.px) min = { px, text: own.join(" ").slice(0, 40) };
    }
    return { ...min, count };
  });

/** hitProblems lists the board's controls whose middle, brought into the zoom frame, is not the control itself. */
const hitProblems = (page) =>
  page.evaluate(() => {
    const frame = document.querySelector(".zoom-frame");
    const controls = [...frame.querySelectorAll("[role=button], button, [tabindex='0']")];
    const bad = [];
    for (const el of controls.filter((_, i) => i % Math.max(1, Math.floor(controls.length / 12)) === 0)) {
      el.scrollIntoView({ block: "center", inline: "center" });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      const f = frame.getBoundingClientRect();
      if (x < f.left || x > f.right || y < f.top || y > f.bottom) continue;
      if (!hit || !(hit === el || el.contains(hit)))
        bad.push(`${el.getAttribute("aria-label") ?? el.textContent?.slice(0, 30)} → ${hit?.outerHTML.slice(0, 80)}`);
    }
    return { checked: controls.length, bad };
  });

export default async function scenario(ctx) {
  const { base } = ctx;
  const phone = await ctx.newPage(PHONE);
  const errors = watchErrors({ phone });

  setStep("the home page on phones and a laptop");
  await phone.goto(`${base}/`);
  await phone.getByLabel("Your name").waitFor();
  await audit(phone, "the home page (phone)");
  await bothWidths(phone, "the home page", "00-home");
  const laptop = await ctx.newPage(LAPTOP);
  errors.push(...watchErrors({ laptop }));
  await laptop.goto(`${base}/`);
  await laptop.getByLabel("Your name").waitFor();
  await audit(laptop, "the home page (laptop)");
  await shot(laptop, "00-home-laptop");

  setStep("the device-link page");
  const code = await pageApi(laptop, "POST", "/api/devices/code", { tables: [] });
  if (code.status !== 200 || !code.body?.code) fail(`a link code: ${code.status} ${JSON.stringify(code.body)}`);
  const other = await ctx.newPage(PHONE);
  errors.push(...watchErrors({ other }));
  await other.goto(`${base}/link/${code.body.code}`);
  await other.getByRole("button", { name: "Link this device" }).waitFor();
  await audit(other, "the device-link page (phone)");
  await bothWidths(other, "the device-link page", "01-link");

  for (const [i, game] of (await everyGame(base, "screens", GAMES)).entries()) {
    const n = String(i + 2).padStart(2, "0");
    setStep(`${game.name}: the rules reference and its icon legend`);
    await phone.goto(`${base}/`);
    await phone.getByRole("radio", { name: new RegExp(game.name) }).check();
    await phone.getByTestId("open-rules").click();
    const ref = phone.getByTestId("rules-reference");
    await ref.locator(".topic-group").first().waitFor();
    await audit(phone, `${game.name}'s rules reference (phone)`);
    await bothWidths(phone, `${game.name}'s rules reference`, `${n}-${game.id}-rules`);
    await ref.getByRole("link", { name: "Icons and marks" }).click();
    const legend = ref.locator('[data-topic="icons"]');
    await legend.locator(".icon-legend li").first().waitFor();
    const { entries, drawn } = await legend.evaluate((t) => {
      const items = [...t.querySelectorAll(".icon-legend li")];
      const seen = items.filter((li) => {
        const pic = li.querySelector(".icon-legend-pic");
        return [...(pic?.querySelectorAll("*") ?? [])].some((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 4 && r.height > 4;
        });
      });
      return { entries: items.length, drawn: seen.length };
    });
    if (entries < 8 || drawn !== entries) fail(`${game.name}'s icon legend has ${entries} entries, ${drawn} of them drawn`);
    log(`${game.name}: ${entries} icons in the legend`);
    await audit(phone, `${game.name}'s icon legend (phone)`);
    await bothWidths(phone, `${game.name}'s icon legend`, `${n}-${game.id}-legend`);
    await phone.keyboard.press("Escape");
    await until("the reference to close", async () => (await ref.count()) === 0);

    setStep(`${game.name}: the lobby`);
    await phone.getByLabel("Your name").fill("Ana");
    await phone.getByRole("button", { name: new RegExp(`Open a (The )?${game.name.replace(/^The /, "")} table`) }).click();
    await phone.waitForURL(/\/t\/[^/]+$/);
    await phone.getByTestId("seat-0").waitFor();
    for (let b = 0; b < game.bots; b++) {
      await phone.getByRole("button", { name: "Add a computer player", exact: true }).click();
      await phone.getByTestId(`seat-${b + 1}`).waitFor();
    }
    await until("start to become possible", () => phone.getByTestId("start").isEnabled());
    await audit(phone, `${game.name}'s lobby (phone)`);
    await bothWidths(phone, `${game.name}'s lobby`, `${n}-${game.id}-lobby`);

    setStep(`${game.name}: the board zoomed on a 390 px phone`);
    await phone.getByTestId("start").click();
    const board = phone.locator(game.board).first();
    await board.waitFor();
    const fitted = await boardText(phone);
    log(`${game.name}: smallest board text fitted ${fitted.px.toFixed(1)} px ("${fitted.text}", ${fitted.count} texts)`);
    const zoomIn = phone.getByTestId("zoom-in");
    await zoomIn.click();
    await until("the first zoom step", async () => Number(await phone.locator(".zoom-board").getAttribute("data-zoom")) > 1);
    await fitsWidth(phone, `${game.name}'s play screen with its board zoomed`);
    while (await zoomIn.isEnabled()) await zoomIn.click();
    const zoomed = await boardText(phone);
    log(`${game.name}: smallest board text zoomed ${zoomed.px.toFixed(1)} px ("${zoomed.text}")`);
    if (!(zoomed.px >= 12)) fail(`${game.name}'s zoomed board still shows "${zoomed.text}" at ${zoomed.px.toFixed(1)} px`);
    if (!(fitted.count > 0 && zoomed.count === fitted.count)) fail(`${game.name}'s board shows ${fitted.count} texts fitted and ${zoomed.count} zoomed`);
    await fitsWidth(phone, `${game.name}'s play screen with its board at the largest zoom`);
    await phone.setViewportSize(SMALL_PHONE.viewport);
    await until("the zoomed board to follow a 320 px phone", async () => (await phone.locator(".zoom-inner").evaluate((e) => e.offsetWidth)) < 320);
    const small = await boardText(phone);
    log(`${game.name}: smallest board text zoomed on a 320 px phone ${small.px.toFixed(1)} px ("${small.text}")`);
    if (!(small.px >= 12)) fail(`${game.name}'s zoomed board shows "${small.text}" at ${small.px.toFixed(1)} px on a 320 px phone`);
    await fitsWidth(phone, `${game.name}'s play screen with its board at the largest zoom on a 320 px phone`);
    await phone.setViewportSize(PHONE.viewport);
    await phone.locator(".zoom-frame").scrollIntoViewIfNeeded();
    await shot(phone, `${n}-${game.id}-zoomed`);
    const hits = await hitProblems(phone);
    if (hits.bad.length) fail(`${game.name}'s zoomed board: a tap would miss: ${hits.bad.join("; ")}`);
    log(`${game.name}: ${hits.checked} controls on the board, the middle of each one checked is itself`);
    await audit(phone, `${game.name}'s play screen with the board zoomed (phone)`);
    if (game.id === "holdings") {
      // A tap on a space of the zoomed board opens that very space.
      const space = phone.locator("svg.board .space[role=button]", { hasText: "Harbor Gate" }).first();
      const name = await space.getAttribute("aria-label");
      await space.scrollIntoViewIfNeeded();
      const box = await space.boundingBox();
      await phone.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const details = phone.getByTestId("space-details");
      await details.waitFor();
      const said = (await details.locator("h2, h3").first().textContent()) ?? "";
      if (!name?.includes(said.trim())) fail(`a tap on ${name} opened ${said}`);
      await details.getByRole("button", { name: "Close" }).click();
    }
    await phone.getByTestId("zoom-fit").click();
    await until("the board fitted again", async () => (await phone.locator(".zoom-board").getAttribute("data-zoom")) === "1");
    if (game.id === "greatharbor") {
      // Two fingers spread apart on the board zoom it in; pinched together, out again.
      const cdp = await phone.context().newCDPSession(phone);
      const f = await phone.locator(".zoom-frame").boundingBox();
      const cx = f.x + f.width / 2;
      const cy = f.y + f.height / 2;
      const touch = (type, d) =>
        cdp.send("Input.dispatchTouchEvent", {
          type,
          touchPoints:
            type === "touchEnd"
              ? []
              : [
                  { x: cx - d, y: cy, id: 1 },
                  { x: cx + d, y: cy, id: 2 },
                ],
        });
      const pinch = async (from, to) => {
        await touch("touchStart", from);
        for (let k = 1; k <= 8; k++) await touch("touchMove", from + ((to - from) * k) / 8);
        await touch("touchEnd", to);
      };
      await pinch(30, 90);
      const spread = Number(await phone.locator(".zoom-board").getAttribute("data-zoom"));
      if (!(spread > 2)) fail(`spreading two fingers from 60 to 180 px apart zooms the Harbor to ${spread}`);
      await pinch(90, 30);
      const pinched = Number(await phone.locator(".zoom-board").getAttribute("data-zoom"));
      if (!(pinched < spread)) fail(`pinching two fingers together leaves the Harbor at ${pinched}`);
      log(`${game.name}: a spread zooms to ${spread.toFixed(2)}, a pinch back to ${pinched.toFixed(2)}`);
      if (await phone.getByTestId("zoom-fit").isEnabled()) await phone.getByTestId("zoom-fit").click();
    }
    if (game.id === "harborfall") {
      // A double tap zooms in about the tapped point, a second one fits the board again. The
      // taps carry their own times, 120 ms apart and a second and a half before they are sent,
      // as a busy phone hands a page taps it could not take at once: a dblclick the browser
      // sends after them carries the time it is sent, far from theirs, and must not undo the
      // zoom. Input reaches the page in the order it is sent, so once a mouse move sent after
      // the taps has come, so has any dblclick the browser made of them: each check reads the
      // zoom then, once the page has drawn.
      const frame = await phone.locator(".zoom-frame").boundingBox();
      const x = frame.x + 8;
      const y = frame.y + 8;
      const cdp = await phone.context().newCDPSession(phone);
      await phone.evaluate(() => {
        window.__mouseMoves = 0;
        document.addEventListener("pointermove", (e) => {
          if (e.pointerType === "mouse") window.__mouseMoves++;
        });
      });
      const mouseMoves = () => phone.evaluate(() => window.__mouseMoves);
      const zoomOf = () => phone.locator(".zoom-board").getAttribute("data-zoom");
      const doubleTap = async () => {
        const before = await mouseMoves();
        const t = Date.now() / 1000 - 1.5;
        for (const at of [t, t + 0.12]) {
          await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }], timestamp: at });
          await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: at + 0.04 });
        }
        await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: 1 + before, y: 1 });
        await until("a mouse move sent after a double tap", async () => (await mouseMoves()) > before);
        await phone.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
        return zoomOf();
      };
      const inZoom = Number(await doubleTap());
      if (!(inZoom > 1)) fail(`a double tap leaves Harborfall's board at zoom ${inZoom}`);
      const outZoom = await doubleTap();
      if (outZoom !== "1") fail(`a second double tap leaves Harborfall's board at zoom ${outZoom}, not fitted`);
      log(`${game.name}: a double tap zooms to ${inZoom}, a second fits the board again`);
      // A mouse's double click, as in a narrow window on a computer, does the same.
      await phone.locator(".zoom-frame").dblclick({ position: { x: 8, y: 8 } });
      await until("a double click to zoom in", async () => Number(await zoomOf()) > 1);
      await phone.locator(".zoom-frame").dblclick({ position: { x: 8, y: 8 } });
      await until("a second double click to fit the board", async () => (await zoomOf()) === "1");
    }
  }

  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
}
