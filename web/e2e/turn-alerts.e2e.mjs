// Your turn, noticed: a host on a 1366 × 768 laptop plays Harbor Holdings
// against a computer player on a server that listens on loopback only. The
// lobby says plainly that only this machine can join. On her turn the tab's
// title says so and the device vibrates; the sound is off until she turns it
// on; a turn that comes while the page is hidden brings a notification; the
// screen is kept awake and asked again when the page is shown again; the
// turn's buttons are not stretched across the screen. On the home page her
// turn comes first with a "Your turn" mark, before a table where Bo moved
// while she was away, which counts the moves since she looked and shows
// their lines; once she has looked, the count is gone. The browser's
// vibration, wake lock, notifications and audio are stand-ins that count
// their calls (headless chromium has no screen, speaker or notification
// area).

import { audit, barVersion, fail, holdingsMoves, holdingsTurn, log, pageApi, setStep, shot, until, watchErrors } from "./lib.mjs";

/** devices replaces the browser's vibration, wake lock, notifications, audio and page visibility with counters on window.__alerts. */
function devices() {
  const alerts = (window.__alerts = { vibrate: 0, wake: 0, sounds: 0, notes: [] });
  let hidden = false;
  const locks = [];
  Object.defineProperty(document, "hidden", { get: () => hidden, configurable: true });
  Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible"), configurable: true });
  // Hiding a page releases its wake lock, as browsers do.
  window.__setHidden = (h) => {
    hidden = h;
    if (h) for (const l of locks) l.released = true;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  Object.defineProperty(navigator, "vibrate", { value: () => ++alerts.vibrate > 0, configurable: true });
  Object.defineProperty(navigator, "wakeLock", {
    value: {
      request: async () => {
        alerts.wake++;
        const l = { released: false, release: async () => void (l.released = true) };
        locks.push(l);
        return l;
      },
    },
    configurable: true,
  });
  window.Notification = class {
    static permission = "granted";
    static requestPermission = async () => "granted";
    constructor(title, o) {
      alerts.notes.push(`${title}: ${o?.body ?? ""}`);
    }
  };
  window.AudioContext = class {
    constructor() {
      alerts.sounds++;
      this.currentTime = 0;
      this.destination = {};
    }
    createOscillator() {
      return { frequency: {}, connect: (g) => g, start() {}, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d };
    }
    close() {
      return Promise.resolve();
    }
  };
}

/**
 * bosRoll has Bo (page, the host of table id) roll on his turn through a
 * WebSocket of his own. Who begins is drawn at the start: when it is Ana,
 * Bo hands her seat to a computer player until his turn comes, then gives
 * it back. It answers the version after the roll and whether the game then
 * still waits on Bo.
 */
function bosRoll(page, id) {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws?table=${id}`);
        const timer = setTimeout(() => reject(new Error("Bo's roll did not happen")), 15_000);
        const hand = (seat, computer) =>
          fetch(`/api/tables/${id}/hand`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seat, computer }) });
        let handed = false;
        let rolledAt = -1;
        ws.onmessage = async (e) => {
          const m = JSON.parse(e.data);
          if (m.t === "error") reject(new Error(JSON.stringify(m.d)));
          if (m.t !== "state") return;
          const { seat, actors, legal } = m.d;
          if (rolledAt >= 0) {
            if (m.v > rolledAt) {
              clearTimeout(timer);
              ws.close();
              resolve({ v: m.v, bosTurn: actors.includes(seat) });
            }
            return;
          }
          if (actors.includes(seat) && legal.some((l) => l.type === "roll")) {
            if (handed) await hand(1 - seat, false);
            rolledAt = m.v;
            ws.send(JSON.stringify({ t: "move", v: m.v, d: { type: "roll" } }));
          } else if (!handed && !actors.includes(seat)) {
            handed = true;
            await hand(1 - seat, true);
          }
        };
      }),
    id,
  );
}

const alerts = (page) => page.evaluate(() => ({ ...window.__alerts, notes: [...window.__alerts.notes] }));
const myTurn = async (page) => /^▶ Your turn · Harbor Holdings · Harbor$/.test(await page.title());

/** toEnd plays the host's turn up to its last move, leaving "end" to be pressed. */
async function toEnd(page) {
  for (let k = 0; k < 10; k++) {
    const moves = await holdingsMoves(page);
    if (moves.length === 1 && moves[0] === "end") return;
    if (!(await holdingsTurn(page, ["roll", "buy", "pass"]))) await new Promise((r) => setTimeout(r, 80));
  }
  fail(`the host's turn did not come to its end: ${await holdingsMoves(page)}`);
}

export default async function scenario(ctx) {
  const { base } = ctx;
  const context = await ctx.browser.newContext({ viewport: { width: 1366, height: 768 } });
  context.setDefaultTimeout(20_000);
  await context.addInitScript(devices);
  const host = await context.newPage();
  const errors = watchErrors({ host });

  setStep("a lobby served on loopback only says so");
  await host.goto(`${base}/`);
  const made = await pageApi(host, "POST", "/api/tables", { game: "holdings", name: "Ana", turnSeconds: 0 });
  if (made.status !== 201) fail(`opening the table: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.id;
  await host.goto(`${base}/t/${id}`);
  const note = await host.getByTestId("loopback-only").textContent();
  if (!/only this (machine|computer)/i.test(note ?? "")) fail(`the loopback note reads: ${note}`);
  log(`the lobby says: ${note}`);
  await audit(host, "the lobby on loopback (laptop)");
  await host.getByRole("button", { name: "Add a computer player", exact: true }).click();
  await until("the computer player", async () => (await host.locator(".seat-bot").count()) === 1);
  await host.getByTestId("start").click();
  await host.locator("svg.board").waitFor();

  setStep("the host's turn: the title says so, the device vibrates, the screen stays awake, no sound");
  await until("the host's turn in the tab's title", () => myTurn(host));
  await until("the turn's vibration", async () => (await alerts(host)).vibrate >= 1);
  const first = await alerts(host);
  if (first.wake < 1) fail("no wake lock was asked for during play");
  if (first.sounds !== 0) fail("a sound played though the sound is off by default");
  if (await host.getByTestId("turn-sound").isChecked()) fail("the turn sound is on by default");
  const widths = await host.locator(".action-bar button").evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
  if (widths.length === 0 || Math.max(...widths) > 1366 / 2) fail(`the turn's buttons are ${widths.map(Math.round)} px wide on a 1366 px screen`);
  log(`turn buttons ${widths.map(Math.round).join(", ")} px wide; alerts ${JSON.stringify(first)}`);
  await shot(host, "01-laptop-your-turn");
  await audit(host, "the host's turn (laptop)");

  setStep("the sound turned on; the next turn comes while the page is hidden");
  await host.getByTestId("turn-sound").check();
  await toEnd(host);
  const before = await barVersion(host);
  await host.evaluate(() => {
    window.__setHidden(true);
    document.querySelector('.action-bar button[data-move="end"]').click();
  });
  await until("the turn to come back to the hidden page", async () => (await barVersion(host)) !== before && (await alerts(host)).notes.length >= 1);
  const hidden = await alerts(host);
  if (!/^Your turn: Harbor Holdings/.test(hidden.notes[0])) fail(`the notification reads: ${hidden.notes[0]}`);
  if (hidden.sounds !== 1) fail(`${hidden.sounds} sounds played on a turn with the sound on (want 1)`);
  if (hidden.vibrate !== first.vibrate + 1) fail(`the device vibrated ${hidden.vibrate - first.vibrate} times on the second turn`);

  setStep("the page shown again asks for the wake lock again");
  await host.evaluate(() => window.__setHidden(false));
  await until("a new wake lock", async () => (await alerts(host)).wake > hidden.wake);
  if (!(await myTurn(host))) fail(`the title reads ${await host.title()} on the host's turn`);

  setStep("Bo opens a table of his with Ana and makes a move while she is away");
  const boContext = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
  boContext.setDefaultTimeout(20_000);
  const bo = await boContext.newPage();
  await bo.goto(`${base}/`);
  const his = await pageApi(bo, "POST", "/api/tables", { game: "holdings", name: "Bo", turnSeconds: 0 });
  if (his.status !== 201) fail(`Bo opening his table: ${his.status} ${JSON.stringify(his.body)}`);
  const joined = await pageApi(host, "POST", "/api/join", { invite: his.body.invite, name: "Ana" });
  if (joined.status !== 200) fail(`Ana joining Bo's table: ${joined.status} ${JSON.stringify(joined.body)}`);
  await pageApi(host, "POST", `/api/tables/${his.body.id}/ready`, { ready: true });
  const started = await pageApi(bo, "POST", `/api/tables/${his.body.id}/start`);
  if (started.status !== 200) fail(`Bo starting: ${started.status} ${JSON.stringify(started.body)}`);
  const rolled = await bosRoll(bo, his.body.id);
  if (!rolled.bosTurn) fail("the game no longer waits on Bo after his roll");
  log(`Bo rolled at his table: version ${rolled.v}`);

  setStep("the home page lists Ana's turn first, then Bo's table with the moves since she looked");
  await host.goto(`${base}/`);
  const rows = host.locator('[data-testid="your-tables"] > li');
  await until("both running tables on the home page", async () => (await rows.count()) === 2);
  const order = await rows.evaluateAll((ls) => ls.map((l) => l.dataset.table));
  if (order[0] !== id || order[1] !== his.body.id) fail(`the home page lists ${order}, want Ana's turn (${id}) first, then Bo's table (${his.body.id})`);
  const mine = rows.nth(0);
  const theirs = rows.nth(1);
  if ((await mine.getByTestId("your-turn-mark").count()) !== 1) fail(`Ana's turn has no "Your turn" mark: ${await mine.textContent()}`);
  if ((await theirs.getByTestId("your-turn-mark").count()) !== 0) fail(`Bo's turn is marked as Ana's: ${await theirs.textContent()}`);
  const listed = await host.getByTestId("your-tables").textContent();
  if (!/Harbor Holdings/.test(listed) || !/Ana, Computer \d/.test(listed) || !/your turn/.test(listed) || !/Bo's turn/.test(listed))
    fail(`the home page lists: ${listed}`);
  const since = await theirs.getByTestId("moves-since").textContent();
  const want = rolled.v === 1 ? "1 move since you looked" : `${rolled.v} moves since you looked`;
  if (since !== want) fail(`Bo's table says "${since}", want "${want}"`);
  if ((await mine.getByTestId("moves-since").count()) !== 0) fail(`Ana's own table, open until now, counts moves since: ${await mine.textContent()}`);
  const lines = await theirs.locator(".your-table-lines li").allTextContents();
  if (lines.length === 0 || !lines.some((l) => /^Bo /.test(l))) fail(`the lines of Bo's move read: ${JSON.stringify(lines)}`);
  log(`home: ${order.join(", ")}; Bo's table: ${since}: ${lines.join(" / ")}`);
  await shot(host, "02-laptop-home-your-turn-first");
  await audit(host, "the home page with Ana's tables (laptop)");
  await host.setViewportSize({ width: 390, height: 844 });
  await shot(host, "03-phone-home-your-turn-first");
  await audit(host, "the home page with Ana's tables (phone)");
  const wide = await host.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) fail(`the home page is ${wide} px wide on a 390 px phone`);
  await host.setViewportSize({ width: 1366, height: 768 });

  setStep("a tap on the lines of Bo's table opens it; back home, nothing new since she looked");
  const box = await theirs.locator(".your-table-lines").boundingBox();
  const entry = await theirs.boundingBox();
  await theirs.click({ position: { x: box.x - entry.x + 30, y: box.y - entry.y + box.height / 2 } });
  await host.waitForURL(new RegExp(`/t/${his.body.id}$`));
  await host.locator("svg.board").waitFor();
  await host.goto(`${base}/`);
  await until("Bo's table without moves since", async () => (await rows.count()) === 2 && (await host.getByTestId("moves-since").count()) === 0);
  await bo.close();
  await boContext.close();
  await rows.first().locator("a").first().click();
  await host.waitForURL(new RegExp(`/t/${id}$`));
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}
