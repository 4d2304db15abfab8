// Shared helpers of the end-to-end scenarios: the harbor server, chromium
// contexts of each screen size, polling, screenshots and layout checks.
// Every scenario (e2e/*.e2e.mjs) imports from here; run.mjs drives them. The
// measures themselves live in measure.mjs, which the position gallery shares.

import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { auditViolations, fitProblems, TV_FIT } from "./measure.mjs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const repo = resolve(webDir, "..");
export const results = join(webDir, "test-results");
export const STEP_TIMEOUT = 20_000;

/** The screen sizes the scenarios use. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const SMALL_PHONE = { viewport: { width: 320, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const LAPTOP = { viewport: { width: 1280, height: 800 } };
export const TV = { viewport: { width: 1920, height: 1080 } };

let step = "setup";
let prefix = "";

/** setStep names what the scenario is doing now; a failure reports it. */
export function setStep(s) {
  step = s;
  log(s);
}

export function currentStep() {
  return step;
}

/** setShotPrefix starts every later screenshot's file name with p (run.mjs sets the scenario's name). */
export function setShotPrefix(p) {
  prefix = p;
}

export function log(msg) {
  console.log(`[e2e ${new Date().toISOString().slice(11, 19)}] ${msg}`);
}

export function fail(msg) {
  throw new Error(msg);
}

export function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: "inherit", env: process.env });
  if (r.status !== 0) fail(`${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

export function freePort() {
  return new Promise((ok, bad) => {
    const s = createServer();
    s.unref();
    s.on("error", bad);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/**
 * startServer runs harbor serve, with extraEnv added to this process's
 * environment, and resolves once /healthz answers; it rejects if the process
 * dies or stays silent.
 */
export async function startServer(bin, port, data, extraArgs = [], extraEnv = {}) {
  const proc = spawn(bin, ["serve", "-addr", `127.0.0.1:${port}`, "-data", data, "-bot-delay", "0", ...extraArgs], {
    env: { ...process.env, HARBOR_BOT_DELAY: "0", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (d) => (output += d));
  proc.stderr.on("data", (d) => (output += d));
  let exited = null;
  proc.on("exit", (code, sig) => (exited = code ?? sig));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (exited !== null) fail(`harbor serve exited (${exited}) before it answered:\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return { proc, output: () => output };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  proc.kill("SIGKILL");
  fail(`harbor serve did not answer on port ${port} within 20 s:\n${output}`);
}

export async function stopServer(s) {
  if (!s || s.proc.exitCode !== null) return;
  const gone = new Promise((r) => s.proc.once("exit", r));
  s.proc.kill("SIGTERM");
  const t = setTimeout(() => s.proc.kill("SIGKILL"), 5000);
  await gone;
  clearTimeout(t);
}

/** shot saves a screenshot of what the page shows now under test-results/. */
export async function shot(page, name) {
  const file = `${prefix}${name}.png`;
  await page.screenshot({ path: join(results, file), fullPage: false });
  log(`screenshot ${file}`);
}

/**
 * until polls f (async, returns truthy when done) until it holds or times
 * out. A call of f that has not answered by the deadline fails the wait too:
 * a look that never settles (an event that came before its listener, a page
 * that stopped answering) ends the step with its name instead of stalling
 * the run.
 */
export async function until(what, f, timeout = STEP_TIMEOUT) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    let timer;
    try {
      const call = Promise.resolve().then(f);
      call.catch(() => {}); // a call that loses the race below and fails later is not an unhandled rejection
      const late = new Promise((_, bad) => {
        timer = setTimeout(() => bad(new Error(`a look still had no answer after ${timeout} ms`)), Math.max(0, deadline - Date.now()));
      });
      last = await Promise.race([call, late]);
      if (last) return last;
    } catch (e) {
      last = e;
    } finally {
      clearTimeout(timer);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ""}`);
}

/**
 * imageShown waits until the image locator points at has loaded and has a
 * size. An image loads after the page that holds it, so a single look right
 * after the page shows can find it still on its way.
 */
export const imageShown = (what, locator) => until(what, () => locator.evaluate((img) => img.complete && img.naturalWidth > 0));

/**
 * noteShown starts noting on page, under key, every value the first element
 * matching selector shows, in order: its attribute when one is named, else
 * its text. What shows for a moment only (a toast, a countdown) is looked
 * for afterwards in what was noted, so a slow look cannot miss it.
 */
export const noteShown = (page, key, selector, attribute = "") =>
  page.evaluate(
    ([key, selector, attribute]) => {
      const seen = [];
      window.__shown = { ...window.__shown, [key]: seen };
      const note = () => {
        const el = document.querySelector(selector);
        const value = (el && (attribute ? el.getAttribute(attribute) : el.textContent)) || "";
        if (value && value !== seen[seen.length - 1]) seen.push(value);
      };
      note();
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    [key, selector, attribute],
  );

/** shownOf is every value noted on page under key since noteShown, in order. */
export const shownOf = (page, key) => page.evaluate((key) => window.__shown?.[key] ?? [], key);

/** textNow is the text a locator shows, or "" when it shows nothing within a second: a look that never waits long. */
export const textNow = async (locator) => (await locator.textContent({ timeout: 1000 }).catch(() => "")) ?? "";

/**
 * barVersion is the table version a page's action bar was drawn at, or
 * "gone" when it shows none; it never waits, so a bar that goes away between
 * two looks cannot stall a poll.
 */
export const barVersion = (page) => page.locator(".action-bar").evaluateAll((els) => els[0]?.getAttribute("data-version") ?? "gone");

/** holdingsMoves lists the Harbor Holdings turn moves a page offers now. */
export const holdingsMoves = (page) =>
  page.locator(".action-bar button[data-move]").evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.move));

/** holdingsTurn makes one Harbor Holdings move on a page if the game waits on it (the first of picks it offers); false when it does not. */
export async function holdingsTurn(page, picks = ["roll", "buy", "pass", "end"]) {
  // The moves and the version they were offered at, read at one instant: read apart, a frame between
  // the two reads (a turn timer's move) would have the answer awaited from the version after it.
  const { moves, before } = await page.locator(".action-bar").evaluateAll((bars) => ({
    moves: [...(bars[0]?.querySelectorAll("button[data-move]") ?? [])].filter((b) => !b.disabled).map((b) => b.dataset.move),
    before: bars[0]?.getAttribute("data-version") ?? "gone",
  }));
  const pick = picks.find((m) => moves.includes(m));
  if (!pick) return false;
  await page.locator(`.action-bar button[data-move="${pick}"]`).first().click();
  await until(`${pick} to be answered`, async () => (await barVersion(page)) !== before, 10_000);
  return true;
}

/** fitsWidth fails when a page scrolls sideways (on a phone everything must fit its width). */
export async function fitsWidth(page, where) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  if (scroll > inner + 1) fail(`${where} is ${scroll}px wide on a ${inner}px screen`);
}

/** fitsScreen fails when the TV page would need scrolling in either direction. */
export async function fitsScreen(page, where) {
  const d = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight, iw: innerWidth, ih: innerHeight }));
  if (d.w > d.iw + 1 || d.h > d.ih + 1) fail(`${where} is ${d.w}×${d.h} on a ${d.iw}×${d.ih} screen`);
}

/** unnamedControls lists the buttons, links and fields on a page that have no accessible name. */
export async function unnamedControls(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("button, a[href], input, select, textarea, [role=button], [tabindex='0']")]
      .filter(
        (el) =>
          !(
            el.getAttribute("aria-label") ||
            el.getAttribute("aria-labelledby") ||
            el.textContent?.trim() ||
            el.getAttribute("title") ||
            (el.id && document.querySelector(`label[for="${el.id}"]`)) ||
            el.closest("label")
          ),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/** watchErrors collects the script errors and Content-Security-Policy refusals of pages into the returned list. */
export function watchErrors(pages) {
  const errors = [];
  for (const [who, p] of Object.entries(pages)) {
    p.on("pageerror", (e) => errors.push(`${who}: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/.test(m.text())) errors.push(`${who}: ${m.text()}`);
    });
  }
  return errors;
}

/**
 * ownPaceTable: Ana (on page host) opens a Harbor Holdings table at her own
 * pace (a day a turn, then the computer plays), and Eli (on guest) joins
 * it and is ready; it returns the table's id.
 */
export async function ownPaceTable(host, guest) {
  const made = await pageApi(host, "POST", "/api/tables", { game: "holdings", name: "Ana", turnSeconds: 0 });
  if (made.status !== 201) fail(`opening the table: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.id;
  const paced = await pageApi(host, "POST", `/api/tables/${id}/options`, {
    options: {},
    turnSeconds: 0,
    pace: { mode: "own", limit: 86400, rule: "computer" },
  });
  if (paced.status !== 200) fail(`setting the pace: ${paced.status} ${JSON.stringify(paced.body)}`);
  const joined = await pageApi(guest, "POST", "/api/join", { invite: made.body.invite, name: "Eli" });
  if (joined.status !== 200) fail(`Eli joining: ${joined.status} ${JSON.stringify(joined.body)}`);
  await pageApi(guest, "POST", `/api/tables/${id}/ready`, { ready: true });
  return id;
}

/** api calls the server's HTTP API as a page's own browser would (its cookie included). */
export async function pageApi(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(path, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/**
 * audit runs axe-core on what the page shows now (auditViolations of
 * measure.mjs) and fails on any violation of any impact, naming each with the
 * elements it found.
 */
export async function audit(page, where) {
  const violations = await auditViolations(page);
  if (violations.length) fail(`accessibility audit of ${where}:\n  ${violations.join("\n  ")}`);
  log(`audit ${where}: no violations`);
}

/** A name as long as the lobby allows (24 characters): the widest a TV has to show. */
export const LONG_NAME = "Maximiliana Featherstone";

/**
 * tvProblems measures the TV page as shown now and lists what is wrong: the
 * log panel missing, cut or under the presence bar; a name on more than one
 * line, cut off or missing; text under 20 px, SVG text by its size on screen.
 */
export function tvProblems(tv, names) {
  return tv.evaluate((names) => {
    const problems = [];
    const clippers = (el) => {
      const out = [];
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== "visible" || s.overflowY !== "visible") out.push(p.getBoundingClientRect());
      }
      return out;
    };
    const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    // Unseen text (visibility: hidden) is room kept, not shown: the presence bar's room, the key's other pages.
    const hidden = (el) => !!el.closest(".sr-only, title, desc, [aria-hidden=true] title") || getComputedStyle(el).visibility === "hidden";
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const bar = document.querySelector('[data-testid="presence-tv"]');
    const floor = bar ? bar.getBoundingClientRect().top : innerHeight;

    const heading = [...document.querySelectorAll("h2")].find((h) => h.textContent.trim() === "What happened");
    const panel = heading?.closest("section");
    if (!panel) problems.push('there is no "What happened" panel');
    else {
      const r = panel.getBoundingClientRect();
      const where = `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`;
      if (!inside(r, { ...screen, bottom: floor }))
        problems.push(`the log panel is at ${where}, past the screen or under the presence bar (top ${Math.round(floor)})`);
      for (const c of clippers(panel)) if (!inside(r, c)) problems.push(`the log panel (${where}) is cut by its container`);
      const h = heading.getBoundingClientRect();
      if (h.height === 0 || !inside(h, r)) problems.push("the log panel's heading is not shown");
      const lines = [...panel.querySelectorAll("li")].filter((li) => {
        const b = li.getBoundingClientRect();
        return b.height > 0 && b.top >= r.top && b.bottom <= Math.min(r.bottom, floor) + 1;
      });
      if (lines.length < 3) problems.push(`the log panel shows ${lines.length} whole lines (at least 3)`);
    }

    const seen = new Map(names.map((n) => [n, 0]));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement;
      if (!text || !el || hidden(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((b) => b.width > 0 && b.height > 0);
      if (rects.length === 0) continue;
      const box = range.getBoundingClientRect();
      if (!inside(box, screen) || clippers(el).some((c) => box.bottom <= c.top || box.top >= c.bottom)) continue;
      const graphic = el instanceof SVGElement ? el : el.closest("foreignObject");
      const ctm = graphic?.getScreenCTM();
      const size = parseFloat(getComputedStyle(el).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
      if (size < 19.95) problems.push(`"${text.slice(0, 30)}" (${el.tagName.toLowerCase()}.${[...el.classList].join(".")}) is ${size.toFixed(1)} px`);
      const plain = n.textContent.replace(/\u00a0/g, " ");
      for (const name of names) {
        for (let i = plain.indexOf(name); i >= 0; i = plain.indexOf(name, i + name.length)) {
          const part = document.createRange();
          part.setStart(n, i);
          part.setEnd(n, i + name.length);
          const rows = new Set([...part.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.bottom))).size;
          if (rows > 1) problems.push(`the name "${name}" in "${text.slice(0, 60)}" (${el.tagName.toLowerCase()}.${el.className}) breaks over ${rows} lines`);
        }
      }
      if (!seen.has(text)) continue;
      seen.set(text, seen.get(text) + 1);
      const cut = clippers(el).find((c) => !inside(box, c)) || (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow === "ellipsis");
      if (cut) problems.push(`the name "${text}" (${el.className}) is cut off`);
    }
    for (const [name, k] of seen) if (k === 0) problems.push(`the name "${name}" is not shown`);
    return problems;
  }, names);
}

/** checkTv fails when the TV has any of tvProblems, after a screenshot; it logs what it measured. */
export async function checkTv(tv, names, where, file) {
  await fitsScreen(tv, where);
  await shot(tv, file);
  const problems = await tvProblems(tv, names);
  if (problems.length) fail(`${where}:\n  ${problems.join("\n  ")}`);
  log(`${where}: log panel whole and on screen, ${names.length} names on one line each, no text under 20 px`);
}

/**
 * checkSixSeats measures a six-seat table of game while it plays: the TV at
 * 1920 × 1080 (checkTv and axe-core), then the host's phone (its width and
 * axe-core).
 */
export async function checkSixSeats(tv, host, names, game) {
  setStep("the TV at 1920 × 1080 during play");
  await until("the TV's presence bar", () => tv.getByTestId("presence-tv").count());
  await checkTv(tv, names, `the six-seat ${game} TV`, "01-tv");
  await audit(tv, `the six-seat ${game} TV`);

  setStep("the host's phone");
  await fitsWidth(host, "the host's phone at a six-seat table");
  await shot(host, "02-phone");
  await audit(host, "the host's phone at a six-seat table");
}

/** seatNames reads the names of the seats from the table's lobby, as the host's browser sees it. */
export const seatNames = (page, id) =>
  page.evaluate((id) => fetch(`/api/tables/${id}`).then((r) => r.json()), id).then((l) => l.seats.filter((s) => s.kind !== "empty").map((s) => s.name));

/** tvFitProblems measures a TV page as shown now and lists what does not fit (fitProblems of measure.mjs with the TV's measures). */
export const tvFitProblems = (page) => fitProblems(page, TV_FIT).then((found) => found.map((p) => p.text));
/** tvFits fails when a TV page at 1920 × 1080 scrolls, shows text under 20 px, or cuts anything (tvFitProblems); it takes a screenshot first. */
export async function tvFits(page, what, file) {
  await fitsScreen(page, what);
  if (file) await shot(page, file);
  const problems = await tvFitProblems(page);
  if (problems.length) fail(`${what}:\n  ${problems.slice(0, 30).join("\n  ")}${problems.length > 30 ? `\n  … and ${problems.length - 30} more` : ""}`);
  log(`${what}: no text under 20 px, nothing cut`);
}

export { shifts, watchShifts } from "./measure.mjs";

/** logLength is how many moves the page's log holds (its data-log). */
export const logLength = (page) =>
  page
    .locator("[data-log]")
    .first()
    .evaluate((el) => Number(el.dataset.log));

/** logComplete tells whether the page's log reaches back to the start of the game. */
export const logComplete = (page) =>
  page
    .locator("[data-log]")
    .first()
    .evaluate((el) => el.dataset.logComplete === "true");
