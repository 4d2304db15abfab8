// The position gallery's runner (docs/gallery.md). It reads the positions
// `harbor gallery` wrote, serves the gallery page (gallery-dist/, built by
// vite.gallery.config.ts) from a small loopback server, and in Debian's
// chromium draws every position on each screen it has: the TV at
// 1920 × 1080, the seat on turn on phones of 320 and 390 px and on a laptop
// of 1366 × 768, the lobby on the phones and the TV. Each render is
// measured (measure.mjs: nothing cut, nothing covered, text large enough,
// axe-core, no sideways scroll and on the TV no scroll at all), and each
// whole game is fed to the TV frame by frame while its layout shifts are
// summed. It writes a contact sheet (test-results/gallery/index.html) and a
// summary (summary.json) and exits 1 when anything has a problem.
//
// node gallery/run.mjs [FILE] [--out DIR] [--only ID,ID] [--limit N] [--no-plays] [--plays-only] [--check-faults] [--lang de|es|pseudo]
//                       [--open FILE] [--write-open FILE]
//
// --open names the list of open problems (gallery/open-problems.json): the
// problems of renders and the whole games' shifts that are known and not yet
// mended. They are printed as open, not failed; any other problem fails, and
// an open problem that no longer shows is said, so the list only shrinks.
// --write-open writes that list from this run.
//
// FILE defaults to test-results/gallery-small.json. --check-faults draws one
// position with each deliberate fault (FAULTS) and fails unless every fault
// is reported. The game list the screens need comes from FILE's "games"
// when it has one, else from the harbor binary (HARBOR_BIN, default
// ../bin/harbor) asked once. Environment: CHROMIUM (default /usr/bin/chromium).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { chromium } from "playwright-core";
import { freePort, repo, results, startServer, stopServer, webDir } from "../e2e/lib.mjs";
import { auditViolations, fitProblems, HAND_FIT, overlapProblems, scrollSize, shifts, TV_FIT, watchShifts } from "../e2e/measure.mjs";

const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const dist = join(webDir, "gallery-dist");
/** the problems of one kind printed for each render */
const PRINTED = 5;
/** the layout shift a whole game may add up to on the TV */
const SHIFT_TARGET = 0.05;
/**
 * FRAME_MS is how far the frame clock of a whole game's TV page moves on after each frame
 * (docs/gallery.md): the screens' timers fire by the frames, never by the machine's speed.
 */
const FRAME_MS = 500;

/** The screens, each one page reused for every position it shows. */
const SCREENS = {
  tv: { label: "TV 1920×1080", context: { viewport: { width: 1920, height: 1080 } }, fit: TV_FIT },
  phone320: { label: "phone 320×640", context: { viewport: { width: 320, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, fit: HAND_FIT },
  phone390: { label: "phone 390×844", context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, fit: HAND_FIT },
  laptop: { label: "laptop 1366×768", context: { viewport: { width: 1366, height: 768 } }, fit: HAND_FIT },
};

/**
 * FAULTS are deliberately broken styles (or a stray element) put into the
 * page after a position is drawn, each with the kind of problem the gallery
 * must then report on the screens it applies to: --check-faults proves the
 * measures catch them.
 */
const FAULTS = {
  cut: {
    kind: "cut",
    screens: ["tv", "phone390"],
    css: "h1, h2 { display: block !important; max-width: 3em !important; overflow: hidden !important; white-space: nowrap !important; text-overflow: ellipsis !important; }",
  },
  "small-tv-text": { kind: "small-text", screens: ["tv"], css: ".tv-frame, .tv-frame * { font-size: 11px !important; }" },
  "small-phone-text": { kind: "small-text", screens: ["phone390"], css: ".table-screen h2 { font-size: 9px !important; }" },
  overlap: {
    kind: "overlap",
    screens: ["tv", "phone390"],
    // A badge laid over the first heading's words.
    place: () => {
      const h = [...document.querySelectorAll("h2")].find((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().top >= 0);
      if (!h) return;
      const r = h.getBoundingClientRect();
      const badge = document.createElement("div");
      badge.className = "gallery-fault-badge";
      badge.style.cssText = `position:absolute;left:${r.left + scrollX}px;top:${r.top + scrollY}px;width:${Math.max(40, r.width)}px;height:${r.height}px;background:#c00;z-index:99`;
      document.body.append(badge);
    },
  },
  scroll: { kind: "scroll", screens: ["phone320"], css: ".table-screen { min-width: 700px !important; }" },
  // A bar fixed to the screen's foot, and a page that keeps no room for it: its last line stays under the bar at every scroll position.
  "under-bar": {
    kind: "overlap",
    screens: ["phone390"],
    css: "html, body, #app, .play, .table-room { padding-bottom: 0 !important; margin-bottom: 0 !important; }",
    place: () => {
      const room = document.querySelector(".table-room") ?? document.body;
      const p = document.createElement("p");
      p.className = "gallery-fault-foot";
      p.style.cssText = "margin:0;font-size:16px";
      p.textContent = "The last words of the page";
      room.append(p);
      const bar = document.createElement("div");
      bar.className = "gallery-fault-badge";
      bar.style.cssText = "position:fixed;left:0;right:0;bottom:0;height:120px;background:#c00;z-index:99";
      document.body.append(bar);
    },
  },
  "unnamed-button": {
    kind: "axe",
    screens: ["tv"],
    // A button with neither words nor a label.
    place: () => {
      const b = document.createElement("button");
      b.className = "gallery-fault-badge";
      b.type = "button";
      document.body.append(b);
    },
  },
};

function parseArgs(argv) {
  const o = {
    file: join(results, "gallery-small.json"),
    out: join(results, "gallery"),
    only: [],
    limit: Infinity,
    plays: true,
    playsOnly: false,
    checkFaults: false,
    open: "",
    writeOpen: "",
    lang: "",
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--out") o.out = resolve(argv[++i]);
    else if (a === "--only") o.only = argv[++i].split(",").filter(Boolean);
    else if (a === "--limit") o.limit = Number(argv[++i]);
    else if (a === "--no-plays") o.plays = false;
    else if (a === "--check-faults") o.checkFaults = true;
    else if (a === "--plays-only") o.playsOnly = true;
    else if (a === "--open") o.open = resolve(argv[++i]);
    else if (a === "--write-open") o.writeOpen = resolve(argv[++i]);
    else if (a === "--lang") o.lang = argv[++i];
    else if (a.startsWith("--")) throw new Error(`unknown flag ${a}`);
    else o.file = resolve(a);
  }
  return o;
}

const say = (msg) => console.log(`[gallery ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** gameList is the server's /api/games: from the document when it carries it, else from the harbor binary, asked once. */
async function gameList(doc) {
  if (Array.isArray(doc.games)) return doc.games;
  const bin = resolve(process.env.HARBOR_BIN ?? join(repo, "bin", "harbor"));
  if (!existsSync(bin)) throw new Error(`the game list needs the harbor binary at ${bin} (make build, or HARBOR_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), "harbor-gallery-"));
  const port = await freePort();
  const server = await startServer(bin, port, join(dir, "harbor.db"));
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/games`);
    if (!r.ok) throw new Error(`GET /api/games answered ${r.status}`);
    return await r.json();
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json" };

/** A stand-in for the TV's QR code, which the server draws: a square of the same size. */
const QR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges"><rect width="29" height="29" fill="#fff"/><path d="M1 1h7v7H1zM21 1h7v7h-7zM1 21h7v7H1z" fill="none" stroke="#000" stroke-width="1.6"/><path d="M11 3h2v2h-2zM14 9h3v2h-3zM10 13h2v4h-2zM18 16h3v3h-3zM12 22h4v2h-4zM22 22h3v4h-3z"/></svg>`;

/** serve answers the gallery page's files on a loopback port, the QR code's stand-in, and 404 for any other request. */
function serve() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (/^\/api\/tv\/[^/]+\/qr\.png$/.test(path)) {
      res.writeHead(200, { "content-type": "image/svg+xml" }).end(QR);
      return;
    }
    const file = normalize(join(dist, path === "/" ? "index.html" : path));
    if (!file.startsWith(dist) || !existsSync(file) || path.startsWith("/api/")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"not_found","message":"not in the gallery"}}');
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

const frameOf = (f) => (typeof f === "string" ? JSON.parse(f) : f);
const seatList = (x) =>
  Array.isArray(x) ? x : typeof x === "number" ? [...Array(53).keys()].filter((s) => 2 ** s <= x && Math.floor(x / 2 ** s) % 2 === 1) : [];

/** status is a position's table status (lobby, playing, finished) by its last lobby frame, and the seats its game waits on. */
function statusOf(frames) {
  let status = "lobby";
  let actors = [];
  for (const f of frames.map(frameOf)) {
    if (f.t === "lobby") status = f.d?.status ?? status;
    if (f.t === "state") {
      actors = seatList(f.d?.actors);
      if (f.d?.result?.over) status = "finished";
    }
  }
  return { status: status === "lobby" ? "lobby" : status === "finished" ? "finished" : "playing", actors };
}

/** renders lists what to draw of a position: [screen, viewer key]. */
function rendersOf(p, only) {
  const tv = p.viewers?.tv ?? [];
  const { status, actors } = statusOf(tv);
  const seats = Object.keys(p.viewers ?? {}).filter((k) => k !== "tv");
  const seat = seats.includes(String(actors[0])) ? String(actors[0]) : seats.includes("0") ? "0" : seats[0];
  const out = [];
  if (tv.length) out.push(["tv", "tv"]);
  if (seat !== undefined) for (const s of status === "lobby" ? ["phone320", "phone390"] : ["phone320", "phone390", "laptop"]) out.push([s, seat]);
  return { status, list: out.filter(([s]) => !only || only.includes(s)) };
}

/**
 * NOW is the moment every position of `harbor gallery` lives at (docs/gallery.md): the pages'
 * clock stands there, so a turn timer shows the time its deadline leaves, the same on every run.
 */
const NOW = new Date("2026-06-01T19:30:00Z");

/** openPage opens the gallery page for one screen, its clock at the document's moment, and gives it the game list. */
async function openPage(browser, url, screen, games, linkBase, now, lang = "") {
  const ctx = await browser.newContext(SCREENS[screen].context);
  await ctx.clock.setFixedTime(now);
  ctx.setDefaultTimeout(30_000);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.gallery === "ready");
  await page.evaluate((o) => window.gallery.setup(o), { games, base: linkBase, lang: lang || undefined });
  return { page, errors };
}

/** unknownWords tells each message id the page said since it was last asked that no catalog has. */
async function unknownWords(page) {
  const ids = await page.evaluate(() => window.gallery.unknownWords());
  return ids.map((id) => `"${id}" is in no catalog: the screen shows the id instead of words`);
}

/** measure draws one position for one viewer on a page and lists its problems. */
async function measure({ page, errors }, screen, p, viewer, shotFile, fault, axe = true) {
  errors.length = 0;
  const frames = p.viewers[viewer].map(frameOf);
  const me = p.me?.[viewer] ?? "";
  const still = await page.evaluate((o) => window.gallery.show(o), {
    screen: screen === "tv" ? "tv" : "play",
    viewer: viewer === "tv" ? -1 : Number(viewer),
    me,
    frames,
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  const broken = fault?.css ? await page.addStyleTag({ content: fault.css }) : null;
  if (fault?.place) await page.evaluate(fault.place);
  if (fault) await page.evaluate(() => window.gallery.settle());
  const problems = [];
  if (!still) problems.push({ kind: "unsettled", text: "the screen did not come to rest within 160 rounds of two animation frames" });
  // A phone widens its window to a page wider than the screen (and shrinks the page), so the screen's own size is the measure.
  const s = await scrollSize(page);
  const { width, height } = SCREENS[screen].context.viewport;
  const wide = Math.max(s.w, s.iw);
  if (wide > width + 1) problems.push({ kind: "scroll", text: `the page is ${wide}px wide on a ${width}px screen: it scrolls sideways` });
  if (screen === "tv" && s.h > height + 1) problems.push({ kind: "scroll", text: `the TV page is ${s.h}px tall on a ${height}px screen: it scrolls` });
  problems.push(...(await fitProblems(page, SCREENS[screen].fit)));
  problems.push(...(await overlapProblems(page)));
  if (axe) for (const v of await auditViolations(page)) problems.push({ kind: "axe", text: v });
  for (const e of errors) problems.push({ kind: "script", text: `script error: ${e}` });
  for (const text of await unknownWords(page)) problems.push({ kind: "words", text });
  await page.screenshot({ path: shotFile, type: "jpeg", quality: 55, scale: "css" });
  await page.evaluate(() => document.querySelectorAll(".gallery-fault-badge").forEach((b) => b.remove()));
  await broken?.evaluate((el) => el.remove());
  return problems;
}

/** playShift feeds a whole game to the TV page frame by frame and sums its layout shifts. */
async function playShift({ page, errors }, play) {
  errors.length = 0;
  const frames = play.frames.map(frameOf);
  const first = frames.findIndex((f) => f.t === "state");
  const head = frames.slice(0, first < 0 ? frames.length : first + 1);
  // The watch begins on the first frame drawn and at rest: on a busy machine the game's code may
  // take longer than one settle to come in, and a watch begun on the loading line would score the
  // whole screen replacing it on some runs and not on others.
  let ready = await page.evaluate((o) => window.gallery.show(o), { screen: "tv", viewer: -1, me: "", frames: head });
  for (let i = 0; !ready && i < 4; i++) ready = await page.evaluate(() => window.gallery.settle());
  await watchShifts(page);
  const still = await page.evaluate(([fs, ms]) => window.gallery.play(fs, ms), [frames.slice(head.length), FRAME_MS]);
  const r = await shifts(page);
  const told = errors.map((e) => `script error: ${e}`);
  told.push(...(await unknownWords(page)));
  if (!ready) told.push("the game's first frame did not come to rest: its shifts would be scored from a screen still loading");
  if (!still) told.push("a frame of the game did not come to rest within 200 animation frames");
  return { ...r, frames: frames.length, errors: told };
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** sheet writes the contact sheet: every render as a thumbnail with its label, screen and problems, those with problems first. */
function sheet(out, renders, plays, summary) {
  const sorted = [...renders].sort((a, b) => (b.problems.length > 0) - (a.problems.length > 0) || a.id.localeCompare(b.id));
  const card = (r) => `<figure class="${r.problems.length ? "bad" : "ok"}">
<a href="${esc(r.shot)}"><img src="${esc(r.shot)}" loading="lazy" alt="${esc(`${r.id} on the ${r.screenLabel}`)}"></a>
<figcaption><b>${esc(r.id)}</b> · ${esc(r.screenLabel)} · viewer ${esc(r.viewer)}<br>${esc(r.label)}${r.why ? ` <i>${esc(r.why)}</i>` : ""}
${r.problems.length ? `<ul>${r.problems.map((p) => `<li><b>${esc(p.kind)}</b> ${esc(p.text)}</li>`).join("")}</ul>` : "<p>no problems</p>"}</figcaption></figure>`;
  const playRows = plays
    .map(
      (p) =>
        `<tr class="${p.sum >= SHIFT_TARGET ? "bad" : "ok"}"><td>${esc(p.id)}</td><td>${p.frames}</td><td>${p.sum.toFixed(4)}</td><td>${esc(
          p.top
            .slice(0, 3)
            .map((t) => `${t.value.toFixed(4)}: ${t.sources.join("; ")}`)
            .join(" | "),
        )}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbor position gallery</title><style>
body{font:14px system-ui,sans-serif;margin:16px;background:#f4f4f4}h1{font-size:20px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:12px}
figure{margin:0;background:#fff;border:3px solid #8c8;padding:6px}figure.bad{border-color:#c33}
img{width:100%;height:200px;object-fit:contain;background:#ddd}figcaption{font-size:12px;overflow-wrap:anywhere}
ul{padding-left:16px;margin:4px 0}table{border-collapse:collapse;background:#fff}td,th{border:1px solid #ccc;padding:4px;font-size:12px}tr.bad td{background:#fdd}
</style></head><body><h1>Harbor position gallery</h1>
<p>${summary.renders} renders of ${summary.positions} positions: ${summary.passed} without problems, ${summary.failed} with. Problems by kind: ${esc(
    Object.entries(summary.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ") || "none",
  )}.</p>
${plays.length ? `<h2>Layout shift of whole games on the TV (target under ${SHIFT_TARGET})</h2><table><tr><th>game</th><th>frames</th><th>sum</th><th>largest shifts</th></tr>${playRows}</table>` : ""}
<h2>Renders</h2><div class="grid">${sorted.map(card).join("\n")}</div></body></html>`;
  writeFileSync(join(out, "index.html"), html);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(chromiumPath)) throw new Error(`chromium not found at ${chromiumPath} (apt-get install chromium)`);
  if (!existsSync(join(dist, "index.html"))) throw new Error(`${dist}/index.html is missing: build the gallery page first (npm run gallery builds it)`);
  const doc = JSON.parse(readFileSync(o.file, "utf8"));
  let positions = Array.isArray(doc.positions) ? doc.positions : [];
  if (o.only.length) positions = positions.filter((p) => o.only.includes(p.id));
  if (o.checkFaults) positions = positions.filter((p) => rendersOf(p).status === "playing").slice(0, 1);
  positions = positions.slice(0, o.limit);
  // --only names positions and whole games alike: a whole game is played when its id is named.
  let plays = o.plays && !o.checkFaults ? (doc.plays ?? []) : [];
  if (o.only.length) plays = plays.filter((g) => o.only.includes(g.id));
  if (o.playsOnly ? plays.length === 0 : positions.length + plays.length === 0)
    throw new Error(`${o.file} has no ${o.playsOnly ? "whole games" : "positions"} to draw`);

  const games = await gameList(doc);
  rmSync(o.out, { recursive: true, force: true });
  mkdirSync(join(o.out, "shots"), { recursive: true });
  const http = await serve();
  const base = `http://127.0.0.1:${http.address().port}/`;
  const started = Date.now();
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
      timeout: 30_000,
    });
    const pages = {};
    for (const s of Object.keys(SCREENS))
      pages[s] = await openPage(browser, base, s, games, "http://harbor.example:8080", doc.now ? new Date(doc.now) : NOW, o.lang);

    const runs = [];
    if (o.checkFaults) {
      // Each screen a fault applies to, drawn as it is and then with each fault.
      const used = new Set(Object.values(FAULTS).flatMap((f) => f.screens));
      for (const [screen, viewer] of rendersOf(positions[0], [...used]).list) runs.push({ p: positions[0], screen, viewer });
      for (const [name, fault] of Object.entries(FAULTS)) {
        const { list } = rendersOf(positions[0], fault.screens);
        for (const [screen, viewer] of list) runs.push({ p: positions[0], screen, viewer, fault: { name, ...fault } });
      }
    } else if (!o.playsOnly) for (const p of positions) for (const [screen, viewer] of rendersOf(p).list) runs.push({ p, screen, viewer });

    // The whole games go to TV pages of their own, beside the screens' pages, each of which works through its own renders.
    const played = [];
    const playLane = async (list) => {
      if (list.length === 0) return;
      const tv = await openPage(browser, `${base}?clock=frames`, "tv", games, "http://harbor.example:8080", doc.now ? new Date(doc.now) : NOW, o.lang);
      for (const play of list) {
        let r;
        try {
          r = await playShift(tv, play);
        } catch (e) {
          r = {
            sum: 0,
            count: 0,
            top: [],
            frames: play.frames.length,
            errors: [`the game could not be fed: ${e instanceof Error ? e.message.split("\n")[0] : e}`],
          };
        }
        played.push({ id: play.id, game: play.game, ...r });
        say(`play ${play.id}: ${r.frames} frames, layout shift ${r.sum.toFixed(4)}${r.errors.length ? `, ${r.errors[0]}` : ""}`);
      }
    };
    const playing = Promise.all(
      [0, 1].map((lane) =>
        playLane(plays.filter((_, k) => k % 2 === lane)).catch((e) => {
          played.push({
            id: `plays ${lane}`,
            game: "",
            sum: 0,
            count: 0,
            top: [],
            frames: 0,
            errors: [`the TV page for whole games failed: ${e instanceof Error ? e.message : e}`],
          });
        }),
      ),
    );
    const renders = [];
    await Promise.all(
      Object.keys(SCREENS).map(async (screen) => {
        for (const r of runs.filter((x) => x.screen === screen)) {
          const name = `${r.p.id}-${screen}${r.fault ? `-${r.fault.name}` : ""}`.replace(/[^\w.-]/g, "_");
          const shot = `shots/${name}.jpg`;
          let problems;
          try {
            // The fault check audits only the screens of the audit's own fault.
            // The 320 px phone's page is the 390 px phone's, so its audit would find the same.
            const axe = o.checkFaults ? FAULTS["unnamed-button"].screens.includes(screen) : screen !== "phone320";
            problems = await measure(pages[screen], screen, r.p, r.viewer, join(o.out, shot), r.fault, axe);
          } catch (e) {
            problems = [{ kind: "error", text: `the render failed: ${e instanceof Error ? e.message.split("\n")[0] : e}` }];
          }
          renders.push({
            id: r.p.id,
            game: r.p.game,
            label: r.p.label ?? "",
            why: r.p.why ?? "",
            screen,
            screenLabel: SCREENS[screen].label,
            viewer: r.viewer,
            fault: r.fault?.name,
            expect: r.fault?.kind,
            shot,
            problems,
          });
          say(`${r.p.id} ${screen}${r.fault ? ` (fault ${r.fault.name})` : ""}: ${problems.length ? `${problems.length} problem(s)` : "ok"}`);
        }
      }),
    );

    if (o.checkFaults) {
      // A fault is reported when its render has a problem of the fault's kind that the same screen without it does not have.
      let missed = 0;
      const faulted = renders.filter((r) => r.fault);
      for (const r of faulted) {
        const before = new Set(renders.find((b) => !b.fault && b.screen === r.screen)?.problems.map((p) => `${p.kind} ${p.text}`));
        const fresh = r.problems.filter((p) => p.kind === r.expect && !before.has(`${p.kind} ${p.text}`));
        if (fresh.length === 0) missed++;
        console.log(
          `gallery fault ${r.fault} on ${r.screen}: ${
            fresh.length
              ? `reported: ${fresh[0].text.split("\n")[0].slice(0, 160)}`
              : `NOT reported (new problems: ${
                  r.problems
                    .filter((p) => !before.has(`${p.kind} ${p.text}`))
                    .map((p) => p.kind)
                    .join(", ") || "none"
                })`
          }`,
        );
      }
      for (const f of Object.keys(FAULTS)) {
        if (faulted.some((r) => r.fault === f)) continue;
        missed++;
        console.log(`gallery fault ${f}: no screen drew it`);
      }
      console.log(`gallery faults: ${faulted.length - missed} reported, ${missed} missed`);
      return missed === 0 ? 0 : 1;
    }

    await playing;
    played.sort((a, b) => a.id.localeCompare(b.id));

    const bad = renders.filter((r) => r.problems.length);
    const byKind = {};
    const byGame = {};
    for (const r of renders) {
      byGame[r.game] ??= { renders: {}, problems: {} };
      byGame[r.game].renders[r.screen] = (byGame[r.game].renders[r.screen] ?? 0) + 1;
      for (const p of r.problems) {
        byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
        const key = `${r.screen} ${p.kind}`;
        byGame[r.game].problems[key] = (byGame[r.game].problems[key] ?? 0) + 1;
      }
    }
    // The open problems: a render's by position, screen and kind; a whole game's shift by its
    // ceiling (the shift measured when it was listed, and a little room).
    const open = o.open ? JSON.parse(readFileSync(o.open, "utf8")) : { renders: [], plays: {} };
    const openKey = (id, screen, kind) => `${id} ${screen} ${kind}`;
    const openRenders = new Set(open.renders);
    const isOpen = (r, p) => openRenders.has(openKey(r.id, r.screen, p.kind));
    const shiftBad = played.filter((p) => p.sum >= Math.max(SHIFT_TARGET, open.plays[p.id] ?? 0) || p.errors.length);
    const shiftOpen = played.filter((p) => !shiftBad.includes(p) && p.sum >= SHIFT_TARGET);
    if (o.writeOpen) {
      const list = {
        renders: [...new Set(bad.flatMap((r) => r.problems.map((p) => openKey(r.id, r.screen, p.kind))))].sort(),
        plays: Object.fromEntries(played.filter((p) => p.sum >= SHIFT_TARGET).map((p) => [p.id, Number((p.sum + 0.02).toFixed(3))])),
      };
      writeFileSync(o.writeOpen, `${JSON.stringify(list, null, 2)}\n`);
      say(`wrote ${list.renders.length} open render problems and ${Object.keys(list.plays).length} open shifts to ${o.writeOpen}`);
    }
    const summary = {
      file: o.file,
      seconds: Math.round((Date.now() - started) / 1000),
      positions: positions.length,
      renders: renders.length,
      passed: renders.length - bad.length,
      failed: bad.length,
      byKind,
      byGame,
      plays: played.map((p) => ({ id: p.id, game: p.game, frames: p.frames, shift: Number(p.sum.toFixed(4)), top: p.top, errors: p.errors })),
      problems: bad.flatMap((r) => r.problems.map((p) => ({ id: r.id, game: r.game, screen: r.screen, kind: p.kind, text: p.text }))),
    };
    writeFileSync(join(o.out, "summary.json"), `${JSON.stringify(summary, null, 1)}\n`);
    sheet(o.out, renders, played, summary);

    // Each render's problems, at most PRINTED of a kind (the summary and the contact sheet hold them all).
    for (const r of bad) {
      const told = {};
      for (const p of r.problems) {
        told[p.kind] = (told[p.kind] ?? 0) + 1;
        const what = isOpen(r, p) ? "open problem" : "problem";
        if (told[p.kind] <= PRINTED) console.log(`gallery ${what}: ${r.id} ${r.screen} ${p.kind}: ${p.text.split("\n")[0]}`);
      }
      for (const [kind, n] of Object.entries(told))
        if (n > PRINTED) console.log(`gallery problem: ${r.id} ${r.screen} ${kind}: … and ${n - PRINTED} more of this kind (summary.json)`);
    }
    const seen = new Set(bad.flatMap((r) => r.problems.map((p) => openKey(r.id, r.screen, p.kind))));
    const gone = open.renders.filter((k) => !seen.has(k));
    if (gone.length) say(`${gone.length} open problems no longer show; take them off ${o.open}: ${gone.slice(0, 10).join("; ")}`);
    for (const p of shiftOpen)
      console.log(`gallery open problem: ${p.id} tv shift: layout shift ${p.sum.toFixed(4)} over the game (target under ${SHIFT_TARGET})`);
    for (const p of shiftBad)
      console.log(
        `gallery problem: ${p.id} tv shift: layout shift ${p.sum.toFixed(4)} over the game (target under ${SHIFT_TARGET})${p.errors.length ? `; ${p.errors[0]}` : ""}`,
      );
    say(`contact sheet: ${join(o.out, "index.html")}`);
    // A render fails on a problem that is not open; the open ones are counted apart.
    const failing = bad.filter((r) => r.problems.some((p) => !isOpen(r, p)));
    const openOnly = bad.length - failing.length;
    const passed = renders.length - failing.length + played.length - shiftBad.length;
    const failed = failing.length + shiftBad.length;
    if (openOnly || shiftOpen.length) say(`${openOnly} renders and ${shiftOpen.length} whole games have open problems only (${o.open})`);
    console.log(`gallery: ${passed} passed, ${failed} failed`);
    return failed === 0 && passed > 0 ? 0 : 1;
  } finally {
    await browser?.close().catch(() => {});
    http.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`gallery could not run: ${e instanceof Error ? e.stack : e}`);
    console.log("gallery: 0 passed, 1 failed");
    process.exit(1);
  },
);
