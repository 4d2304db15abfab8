// Offline, and the push button. Loaded once online, the service worker keeps
// every file the build made, so with the network gone every route of the app
// still draws, lazily loaded screens included (the Notices page has never
// been opened when the network goes); a page that needs the server says, in
// our words, that it cannot be reached right now, and the join page shows
// the invite's answer by itself once the network is back.
//
// "Turn notices on", with the browser's PushManager.subscribe stubbed: when it
// never answers, the button waits visibly at once and gives up after 20 s
// (PUSH_WAIT_MS in src/notices/client.ts; on a page whose clock is a fake one,
// stopped, that the scenario moves on, so no test waits that long); when the browser refuses
// with NotAllowedError, the page tells how to allow notices and never shows
// the browser's own text.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { LAPTOP, PHONE, STEP_TIMEOUT, audit, fail, log, setStep, shot, until, watchErrors, webDir } from "./lib.mjs";

/** The sentence of src/components/Offline.tsx a page says when the server cannot be reached. */
const OFFLINE = "Harbor's server cannot be reached right now. This page will work again once the connection is back.";
/** PUSH_WAIT_MS of src/notices/client.ts. */
const PUSH_WAIT_MS = 20_000;
/** What chromium says itself when it refuses a subscription; the page must never show it. */
const RAW_REFUSAL = "Registration failed - permission denied";

/** appText is what the app draws, "" while it draws nothing. */
const appText = (page) => page.locator("#app").evaluate((el) => el.textContent?.trim() ?? "");

export default async function scenario(ctx) {
  await offlinePages(ctx);
  await pushButton(ctx);
}

async function offlinePages({ browser, base }) {
  const laptop = await browser.newContext(LAPTOP);
  laptop.setDefaultTimeout(STEP_TIMEOUT);
  const page = await laptop.newPage();
  const errors = watchErrors({ laptop: page });

  setStep("online, the service worker installs and keeps every built file");
  await page.goto(`${base}/`);
  await page.getByRole("heading", { name: "Harbor", exact: true }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const kept = await until("the worker's cache to hold the built files", async () => {
    const urls = await page.evaluate(async () => {
      const names = await caches.keys();
      const all = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
      return all.flat();
    });
    return urls.some((u) => /^\/assets\/Notices-[\w-]+\.js$/.test(u)) && urls;
  });
  // Every file the build wrote is kept, whether a page loaded it or not.
  const built = readdirSync(join(webDir, "dist", "assets")).map((f) => `/assets/${f}`);
  const missing = built.filter((p) => !kept.includes(p));
  if (missing.length) fail(`built files the worker does not keep: ${missing.join(", ")}`);
  log(`the worker keeps ${kept.length} files, the Notices chunk among them`);

  setStep("offline, the Notices page draws its heading and says the server cannot be reached");
  await laptop.setOffline(true);
  await page.goto(`${base}/notices`);
  await page.getByRole("heading", { name: "Notices and devices", level: 1 }).waitFor();
  const said = await page.getByTestId("offline").textContent();
  if (said !== OFFLINE) fail(`offline, the Notices page says ${JSON.stringify(said)}`);
  if ((await page.getByRole("alert").count()) !== 1) fail(`offline, the Notices page shows ${await page.getByRole("alert").allTextContents()}`);
  await audit(page, "the Notices page offline");
  await shot(page, "notices-offline");

  setStep("offline, the join page says the server cannot be reached instead of its form");
  await page.goto(`${base}/join/ZX9KQ2WM`);
  await page.getByRole("heading", { name: "Join a table", level: 1 }).waitFor();
  const joinSays = await page.getByTestId("offline").textContent();
  if (joinSays !== OFFLINE) fail(`offline, the join page says ${JSON.stringify(joinSays)}`);
  if (await page.getByLabel("Your name").count()) fail("offline, the join page offers its form");
  await audit(page, "the join page offline");
  await shot(page, "join-offline");

  setStep("offline, every route of the app draws, and none shows a fetch error");
  for (const path of ["/", "/t/ABCDEF", "/t/ABCDEF/replay", "/tv", "/tv/ABCD", "/tv/ABCD/replay", "/replay", "/link/K7Q2MX8P", "/notices", "/join/ZX9KQ2WM"]) {
    await page.goto(`${base}${path}`);
    const text = await until(`${path} to draw offline`, () => appText(page));
    if (/failed to fetch|networkerror|load failed|typeerror/i.test(text)) fail(`offline, ${path} shows a fetch error: ${text.slice(0, 200)}`);
    log(`offline ${path}: ${text.slice(0, 100)}`);
  }

  setStep("back online, the join page looks at the invite by itself");
  await page.goto(`${base}/join/ZX9KQ2WM`);
  await page.getByTestId("offline").waitFor();
  await laptop.setOffline(false);
  // No table has that invite: the server's answer replaces the offline notice.
  await page.getByTestId("bad-invite").waitFor();
  if (await page.getByTestId("offline").count()) fail("online again, the join page still says the server cannot be reached");
  if (errors.length) fail(`page errors: ${errors.join("; ")}`);
  await laptop.close();
}

/**
 * pushPage opens the Notices page in a phone whose PushManager.subscribe does
 * what stub (a function's source) does; with clock, the page's clock is a
 * fake one the scenario moves.
 */
async function pushPage({ browser, base }, stub, clock = false) {
  const phone = await browser.newContext(PHONE);
  phone.setDefaultTimeout(STEP_TIMEOUT);
  await phone.grantPermissions(["notifications"], { origin: base });
  const page = await phone.newPage();
  const errors = watchErrors({ phone: page });
  await page.addInitScript(`{
    window.subscribeCalls = 0;
    PushManager.prototype.subscribe = function () { window.subscribeCalls++; return (${stub})(); };
  }`);
  if (clock) await page.clock.install();
  await page.goto(`${base}/notices`);
  await page.getByRole("heading", { name: "On this device", exact: true }).waitFor();
  const button = page.getByRole("button", { name: /notices on/ });
  await until("the button to be ready", () => button.isEnabled());
  return { page, errors, button };
}

const HANG = "() => new Promise(() => {})";

async function pushButton(ctx) {
  setStep("turning notices on while the browser never answers: the page waits visibly at once");
  const hang = await pushPage(ctx, HANG);
  const { page, button } = hang;
  await button.click();
  await page.getByText("Waiting for the browser to answer…").waitFor();
  if (!(await button.isDisabled())) fail("the button stays enabled while the browser is asked");
  if ((await button.textContent()) !== "Turning notices on…") fail(`the waiting button says ${await button.textContent()}`);
  await until("the browser to be asked for a subscription", () => page.evaluate(() => window.subscribeCalls === 1));
  await audit(page, "the Notices page waiting for the browser");
  if (hang.errors.length) fail(`page errors: ${hang.errors.join("; ")}`);
  await page.context().close();

  setStep("after 20 s without an answer, the page gives up with our message");
  // A page of its own whose clock stops before the click and moves only as
  // the scenario moves it: a clock that ran on would add the real time the
  // steps take on a busy machine to the 20 s. No audit runs while it is
  // stopped (axe waits on timers).
  const timed = await pushPage(ctx, HANG, true);
  const tp = timed.page;
  await tp.clock.pauseAt((await tp.evaluate(() => Date.now())) + 5000);
  await timed.button.click();
  await tp.getByText("Waiting for the browser to answer…").waitFor();
  await until("the browser to be asked for a subscription", () => tp.evaluate(() => window.subscribeCalls === 1));
  await tp.clock.runFor(PUSH_WAIT_MS - 1000);
  if (!(await timed.button.isDisabled())) fail("the page gave up before 20 s");
  await tp.clock.runFor(1000);
  const late = await tp.getByRole("alert").textContent();
  if (!/did not answer in time, so notices are still off/.test(late)) fail(`after the wait the page says ${JSON.stringify(late)}`);
  if (await timed.button.isDisabled()) fail("after giving up, the button stays disabled");
  if ((await tp.getByTestId("push-wait").textContent()) !== "") fail("after giving up, the page still says it waits");
  if ((await tp.getByTestId("push-state").textContent()) !== "Notices are off for this device.") fail("after giving up, notices are not said to be off");
  await tp.clock.resume();
  await audit(tp, "the Notices page after the browser did not answer");
  await shot(tp, "push-timeout");
  if (timed.errors.length) fail(`page errors: ${timed.errors.join("; ")}`);
  await tp.context().close();

  setStep("turning notices on when the browser refuses: how to allow them, never the browser's words");
  const refuse = await pushPage(ctx, `() => Promise.reject(new DOMException(${JSON.stringify(RAW_REFUSAL)}, "NotAllowedError"))`);
  const p2 = refuse.page;
  await refuse.button.click();
  const refused = await p2.getByRole("alert").textContent();
  if (!/site settings/.test(refused) || !/Notifications to Allow/.test(refused)) fail(`refused, the page says ${JSON.stringify(refused)}`);
  if ((await appText(p2)).includes(RAW_REFUSAL)) fail("the page shows the browser's own refusal text");
  if (!(await p2.evaluate(() => window.subscribeCalls === 1))) fail("the browser was not asked for a subscription");
  await audit(p2, "the Notices page after the browser refused");
  await shot(p2, "push-refused");
  if (refuse.errors.length) fail(`page errors: ${refuse.errors.join("; ")}`);
  await p2.context().close();
}
