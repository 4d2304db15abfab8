// One table, three languages. Ana's phone speaks German and Bo's Spanish;
// the TV's browser was set to English. They play a short game of Harbor
// Holdings to its end, each on their own phone, and each page words the
// game in its own reader's language from the messages the server sends:
// - the log: every line Ana's page shows is the German wording of one of the
//   game's stored lines, Bo's the Spanish and the TV's the English, and where
//   the languages differ no page shows another language's line;
// - a hint: Ana and Bo each ask what the computer would do, and its reason
//   is worded in their language, while the note that they asked reaches the
//   others in theirs;
// - the notice of a turn: the tab's title says it is your turn in German to
//   Ana and in Spanish to Bo;
// - the end screen: the final ranking is titled in each reader's language.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { fail, holdingsMoves, log, pageApi, PHONE, STEP_TIMEOUT, setStep, shot, TV, until, watchErrors, webDir } from "./lib.mjs";
import { myTurn, personStep } from "./moves.mjs";

/**
 * longEvent reads an event of the wire's short form ([type, seat, msg, data?], the message's id under
 * "@" beside its values, the game's ids and words from their dot: docs/protocol.md) into the long form
 * the catalogs word, as the page does.
 */
function longEvent(e, game) {
  const [type, seat, line] = e;
  return typeof line === "object" && line !== null ? { type, seat, msg: longMsg(line, game) } : { type, seat, text: line };
}

function longMsg(m, game) {
  const { "@": id, ...values } = m;
  const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, longValue(x, game)]));
  return { id: id.startsWith(".") ? game + id : id, ...(Object.keys(v).length ? { v } : {}) };
}

function longValue(x, game) {
  if (Array.isArray(x)) return x.map((it) => longValue(it, game));
  if (typeof x === "string") return x.startsWith(".") ? { id: game + x } : x.startsWith("\\") ? x.slice(1) : x;
  return typeof x === "object" && x !== null ? longMsg(x, game) : x;
}

const read = (...p) => JSON.parse(readFileSync(join(webDir, "src", ...p), "utf8"));
/** The catalogs the pages word a Holdings table from, by language: the shared one and the game's. */
const CATALOGS = Object.fromEntries(["en", "de", "es"].map((l) => [l, { ...read("i18n", `${l}.json`), ...read("games", "holdings", "i18n", `${l}.json`) }]));

const isMsg = (x) => typeof x === "object" && x !== null && typeof x.id === "string";
const LIST = { en: "en-GB", de: "de", es: "es" };

/** plainNumbers are the names source says as they come, never through a plural, select or format. */
function plainNumbers(source) {
  const plain = new Set();
  const other = new Set();
  const visit = (els) => {
    for (const el of els) {
      if (el.type === TYPE.argument) plain.add(el.value);
      else if (el.type === TYPE.tag) visit(el.children);
      else if (el.value !== undefined && el.type !== TYPE.literal) {
        other.add(el.value);
        for (const o of Object.values(el.options ?? {})) visit(o.value);
      }
    }
  };
  visit(parse(source));
  return new Set([...plain].filter((n) => !other.has(n)));
}

/**
 * word says a message as a page in language l does (web/src/i18n/i18n.ts: nested messages first, lists
 * joined, a number in a plain placeholder in the language's number format).
 */
function word(l, m) {
  const source = CATALOGS[l][m.id];
  if (source === undefined) fail(`the ${l} catalog has no message ${m.id}`);
  const plain = plainNumbers(source);
  const values = {};
  for (const [k, v] of Object.entries(m.v ?? {})) {
    if (typeof v === "number" && plain.has(k)) values[k] = new Intl.NumberFormat(l).format(v);
    else if (isMsg(v)) values[k] = word(l, v);
    else if (Array.isArray(v)) values[k] = new Intl.ListFormat(LIST[l], { type: "conjunction" }).format(v.map((x) => (isMsg(x) ? word(l, x) : String(x))));
    else values[k] = v;
  }
  return String(new IntlMessageFormat(source, l).format(values));
}

/** The log lines a page shows, as it shows them. */
const logLines = (page) => page.locator(".log-lines li").allTextContents();

export default async function scenario(ctx) {
  const { base, browser } = ctx;
  const deCtx = await browser.newContext({ ...PHONE, locale: "de-DE" });
  const esCtx = await browser.newContext({ ...PHONE, locale: "es-ES" });
  const tvCtx = await browser.newContext({ ...TV, locale: "de-DE" });
  for (const c of [deCtx, esCtx, tvCtx]) c.setDefaultTimeout(STEP_TIMEOUT);
  // The TV's own browser has English chosen, over the host's German.
  await tvCtx.addInitScript(() => localStorage.setItem("harbor.lang", "en"));
  const ana = await deCtx.newPage();
  const bo = await esCtx.newPage();
  const tv = await tvCtx.newPage();
  const errors = watchErrors({ ana, bo, tv });
  const pages = [
    ["Ana", ana, "de"],
    ["Bo", bo, "es"],
    ["the TV", tv, "en"],
  ];
  // The reasons of the hints each phone was sent, as messages.
  const reasons = { Ana: [], Bo: [] };
  for (const [who, page] of pages.slice(0, 2))
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload !== "string" || !payload.includes('"t":"hint"')) return;
        for (const line of payload.split("\n")) {
          const f = JSON.parse(line);
          if (f.t === "hint" && f.d?.reason) reasons[who].push(f.d.reason);
        }
      }),
    );

  setStep("Ana (German) opens a short Holdings table, Bo (Spanish) joins, the TV (English) watches");
  await ana.goto(`${base}/`);
  await bo.goto(`${base}/`);
  const made = await pageApi(ana, "POST", "/api/tables", { game: "holdings", name: "Ana", options: { roundLimit: 2 } });
  if (made.status !== 201) fail(`opening the table: ${made.status} ${JSON.stringify(made.body)}`);
  const { id, code, tv: tvCode } = made.body;
  // Hints are on by default only where a computer player sits; Ana turns them on.
  const hints = await pageApi(ana, "POST", `/api/tables/${id}/hints`, { on: true });
  if (hints.status !== 200) fail(`turning hints on: ${hints.status} ${JSON.stringify(hints.body)}`);
  const joined = await pageApi(bo, "POST", "/api/join", { code, name: "Bo" });
  if (joined.status !== 200) fail(`Bo joining: ${joined.status} ${JSON.stringify(joined.body)}`);
  const ready = await pageApi(bo, "POST", `/api/tables/${id}/ready`, { ready: true });
  if (ready.status !== 200) fail(`Bo ready: ${ready.status} ${JSON.stringify(ready.body)}`);
  const started = await pageApi(ana, "POST", `/api/tables/${id}/start`);
  if (started.status !== 200) fail(`starting: ${started.status} ${JSON.stringify(started.body)}`);
  await ana.goto(`${base}/t/${id}`);
  await bo.goto(`${base}/t/${id}`);
  await tv.goto(`${base}/tv/${tvCode}`);
  for (const [who, page, l] of pages) {
    await until(`${who}'s page in ${l}`, async () => (await page.evaluate(() => document.documentElement.lang)) === l);
  }

  setStep("each plays their own turns, asks once for a hint, and reads the turn's notice in the tab's title");
  const asked = { Ana: false, Bo: false };
  let tvLines = [];
  const titled = { Ana: "", Bo: "" };
  const over = async () => (await ana.getByTestId("ranking").count()) > 0 && (await bo.getByTestId("ranking").count()) > 0;
  const deadline = Date.now() + 240_000;
  for (let moves = 0; !(await over()); ) {
    if (Date.now() > deadline) {
      const waits = await Promise.all(pages.slice(0, 2).map(async ([who, page]) => `${who}: ${JSON.stringify(await holdingsMoves(page))}`));
      fail(`the game is not over after 4 minutes and ${moves} moves; the pages offer ${waits.join(", ")}`);
    }
    let moved = false;
    for (const [who, page, l] of pages.slice(0, 2)) {
      if (!(await myTurn(page))) continue;
      if (!titled[who]) {
        const prefix = word(l, { id: "alerts.title", v: { base: "" } });
        await until(`${who}'s tab to say it is their turn`, async () => (await page.title()).startsWith(prefix));
        titled[who] = await page.title();
      }
      if (!asked[who]) {
        await page.getByTestId("ask-hint").click();
        await page.getByTestId("hint").waitFor();
        asked[who] = true;
        await until(`${who}'s hint to come with its reason`, async () => reasons[who].length > 0);
        const want = word(l, reasons[who][0]);
        const shown = await page.locator('[data-testid="hint"] .hint-reason').textContent();
        if (shown !== want) fail(`${who}'s hint gives the reason ${JSON.stringify(shown)}, want ${JSON.stringify(want)}`);
        if (l !== "en" && shown === word("en", reasons[who][0])) fail(`${who}'s hint reason is in English`);
        log(`${who}'s hint (${l}): ${shown}`);
        await shot(page, `hint-${l}`);
      }
      if (await personStep.holdings(page)) {
        moved = true;
        moves++;
      }
      // The TV shows the log during play (its end screen has none): its lines are read once both hints were asked.
      if (asked.Ana && asked.Bo && !tvLines.length) tvLines = await logLines(tv);
    }
    if (!moved) await ana.waitForTimeout(100);
  }
  log(`titles on turn: ${JSON.stringify(titled)}`);

  setStep("the end screen is titled in each reader's language");
  await until("the TV's end screen", async () => (await tv.getByTestId("ranking").count()) > 0);
  for (const [who, page, l] of pages) {
    const title = (await page.locator("#rank-h").textContent())?.trim();
    if (title !== word(l, { id: "holdings.rank.title" })) fail(`${who}'s end screen is titled ${JSON.stringify(title)} (${l})`);
    await shot(page, `end-${l}`);
  }

  setStep("every log line each page shows is the game's stored line in that page's language");
  const stored = await pageApi(ana, "GET", `/api/tables/${id}/log`);
  if (stored.status !== 200) fail(`the game log: ${stored.status}`);
  const events = [...stored.body.setup, ...stored.body.moves.flatMap((m) => m.events)].map((e) => longEvent(e, "holdings")).filter((e) => e.msg);
  if (events.length < 10) fail(`the stored log holds ${events.length} lines with messages`);
  // The notes that someone asked for a hint are told to every page but not stored with the moves.
  const notes = ["Ana", "Bo"].map((who) => ({ id: "table.hint", v: { who } }));
  const msgs = [...events.map((e) => e.msg), ...notes];
  for (const [who, page, l] of pages) {
    const mine = new Set(msgs.map((m) => word(l, m)));
    const others = new Set(
      ["en", "de", "es"]
        .filter((o) => o !== l)
        .flatMap((o) => msgs.map((m) => word(o, m)))
        .filter((line) => !mine.has(line)),
    );
    const lines = page === tv ? tvLines : await logLines(page);
    if (lines.length < 5) fail(`${who}'s log shows ${lines.length} lines`);
    const strange = lines.filter((line) => !mine.has(line.trim()));
    if (strange.length) fail(`${who}'s log (${l}) shows lines that are no stored line in ${l}: ${JSON.stringify(strange.slice(0, 5))}`);
    const foreign = lines.filter((line) => others.has(line.trim()));
    if (foreign.length) fail(`${who}'s log (${l}) shows lines in another language: ${JSON.stringify(foreign.slice(0, 5))}`);
    log(`${who} (${l}) reads ${lines.length} log lines in ${l}, such as ${JSON.stringify(lines[lines.length - 1])}`);
  }
  if (errors.length) fail(`script errors:\n${errors.join("\n")}`);
  for (const c of [deCtx, esCtx, tvCtx]) await c.close();
}
