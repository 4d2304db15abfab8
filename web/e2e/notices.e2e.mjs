// Notices and linked devices: the page registers its service worker, which
// keeps the app shell for offline use, and links a manifest chromium finds
// valid and installable, with icons that load.
//
// A turn notice by Web Push, the whole way but for the browser's push
// service, which headless chromium lacks: a push service of the scenario's
// own on loopback (pushsvc.mjs) holds the browser's side of a subscription,
// and the server may reach it because it runs with -notice-allow
// 127.0.0.0/8 and trusts the service's certificate (SSL_CERT_FILE). Ana's
// page registers that subscription through the API the page uses for push.
// At her table at her own pace she plays while she has it open and is sent
// nothing; once she has left, Eli moves and the server sends her turn
// notice, encrypted and signed, to the service, which checks the TTL and
// the VAPID token and decrypts it: its title, its body (the game, the other
// player, the deadline in the notice's words) and the table's link are as
// they should be. Those decrypted bytes are delivered to the service worker
// (DevTools' ServiceWorker.deliverPushMessage, as the browser's push
// service would hand them over), which shows the notice, and a click on it
// (the notificationclick event, dispatched in the worker: headless chromium
// has no notification area to click) takes the app's open window to the
// table.
//
// A phone linked by the laptop's one-time code holds the same seat and
// plays it; the code does not work a second time. The Notices page is
// audited and photographed on a 390 px and a 320 px phone.
//
// E-mail, through a small SMTP server the scenario runs on loopback
// (smtp.mjs): Cy saves an address the mail server refuses and is told so,
// then her own; she opens the confirmation link from the delivered mail in
// chromium and confirms (chromium posts that form with Origin null); when
// Bo moves she gets a turn mail, follows its link to the table, and stops
// the mails from the mail's link. A mail program's one-click unsubscribe
// (RFC 8058: a POST of the List-Unsubscribe link, no cookie) works too.

import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  LAPTOP,
  PHONE,
  SMALL_PHONE,
  audit,
  barVersion,
  fail,
  fitsWidth,
  holdingsMoves,
  holdingsTurn,
  log,
  ownPaceTable,
  pageApi,
  setStep,
  shot,
  until,
  watchErrors,
} from "./lib.mjs";
import { startPush } from "./pushsvc.mjs";
import { startSmtp } from "./smtp.mjs";

/** photo saves a screenshot under test-results/ and the whole page in /tmp. */
async function photo(page, name) {
  await shot(page, name);
  await page.screenshot({ path: join(tmpdir(), `notices-${name}.png`), fullPage: true });
}

export default async function scenario(ctx) {
  const box = await startSmtp();
  const push = await startPush();
  // The server checks a push service's certificate against the system's
  // roots; SSL_CERT_FILE (read by Go on Linux) adds the test service's.
  const certFile = join(dirname(ctx.data), "push-service.pem");
  writeFileSync(certFile, push.cert);
  ctx.serverEnv = { SSL_CERT_FILE: certFile };
  try {
    await notices(ctx, box, push);
  } finally {
    await push.close();
    await box.close();
  }
}

async function notices(ctx, box, push) {
  const { base } = ctx;
  setStep("the server restarts with the scenario's SMTP server and push service");
  // Links in mails come from -public-url only, so the server needs it; the
  // push service is on loopback, which the server reaches only when told.
  ctx.serverArgs = ["-smtp", box.url, "-smtp-from", "Harbor <harbor@example.org>", "-public-url", base, "-notice-allow", "127.0.0.0/8"];
  await ctx.stopServer();
  await ctx.startServer();
  const laptop = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  laptop.setDefaultTimeout(20_000);
  await laptop.grantPermissions(["notifications"], { origin: base });
  const page = await laptop.newPage();
  const errors = watchErrors({ laptop: page });

  setStep("the page registers its service worker");
  await page.goto(`${base}/`);
  const script = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? ""));
  if (script !== `${base}/sw.js`) fail(`the service worker is ${script}`);

  setStep("the app shell opens offline");
  await page.reload(); // a page the worker controls, so its files are kept
  await until("the worker to control the page", () => page.evaluate(() => !!navigator.serviceWorker.controller));
  await laptop.setOffline(true);
  await page.goto(`${base}/`);
  await page.getByRole("heading", { name: "Harbor", exact: true }).waitFor();
  if (!/cannot be reached/.test(await page.getByRole("alert").first().textContent())) fail("offline, the home page does not say the server cannot be reached");
  await laptop.setOffline(false);

  setStep("the manifest is valid, installable, and its icons load");
  const cdp = await laptop.newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  if (!manifest.url.endsWith("/manifest.webmanifest") || manifest.errors.length) fail(`manifest ${manifest.url}: ${JSON.stringify(manifest.errors)}`);
  const m = JSON.parse(manifest.data);
  if (m.display !== "standalone" || m.start_url !== "/" || !m.icons.some((i) => i.purpose === "maskable")) fail(`manifest ${manifest.data}`);
  for (const icon of [...m.icons, { src: "/apple-touch-icon.png", type: "image/png" }]) {
    const size = await page.evaluate(async (src) => {
      const r = await fetch(src);
      const img = new Image();
      img.src = src;
      await img.decode();
      return { ok: r.ok, type: r.headers.get("content-type"), w: img.naturalWidth, h: img.naturalHeight };
    }, icon.src);
    const [w] = (icon.sizes ?? "any").split("x").map(Number);
    if (!size.ok || !size.type.startsWith(icon.type) || (w && (size.w !== w || size.h !== w))) fail(`icon ${icon.src}: ${JSON.stringify(size)}`);
  }
  // A test's browser context is an incognito one, which chromium never
  // installs from; every other installability check must pass.
  const installable = await cdp.send("Page.getInstallabilityErrors");
  installable.installabilityErrors = installable.installabilityErrors.filter((e) => e.errorId !== "in-incognito");
  if (installable.installabilityErrors.length) fail(`not installable: ${JSON.stringify(installable.installabilityErrors)}`);
  log(`manifest ${manifest.url} valid and installable, ${m.icons.length} icons`);

  setStep("Ana's page registers the test push service's subscription");
  // The page itself subscribes with pushManager.subscribe and posts the
  // subscription to /api/notices/push; headless chromium has no push
  // service to subscribe at, so the page posts the test service's
  // subscription (its endpoint and the browser's keys it holds) instead.
  const settings = await pageApi(page, "GET", "/api/notices");
  if (settings.status !== 200 || !settings.body.pushKey) fail(`the notice settings: ${settings.status} ${JSON.stringify(settings.body)}`);
  push.expect(settings.body.pushKey);
  const subscribed = await pageApi(page, "POST", "/api/notices/push", push.subscription);
  if (subscribed.status !== 200 || !subscribed.body.endpoints?.includes(push.subscription.endpoint)) {
    fail(`subscribing: ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
  }

  setStep("a table at Ana's own pace, with Eli");
  const eliContext = await ctx.browser.newContext(LAPTOP);
  eliContext.setDefaultTimeout(20_000);
  const eli = await eliContext.newPage();
  errors.push(...watchErrors({ eli }));
  await eli.goto(`${base}/`);
  const id = await ownPaceTable(page, eli);
  // Ana has the table open while it starts and while she plays, so she is
  // sent nothing then: the notice awaited below is the one Eli's move
  // brings about.
  const online = async () => Object.fromEntries((await pageApi(page, "GET", `/api/tables/${id}`)).body.seats.map((s) => [s.name, s.online]));
  await page.goto(`${base}/t/${id}`);
  await until("Ana's page connected to the table", async () => (await online()).Ana === true);
  const started = await pageApi(page, "POST", `/api/tables/${id}/start`);
  if (started.status !== 200) fail(`starting: ${started.status} ${JSON.stringify(started.body)}`);
  await page.locator("svg.board").waitFor();
  await eli.goto(`${base}/t/${id}`);
  await eli.locator("svg.board").waitFor();
  const elisTurn = async () => (await holdingsMoves(eli)).length > 0;
  const anasTurn = async () => (await holdingsMoves(page)).length > 0;
  await until("the first turn", async () => (await elisTurn()) || (await anasTurn()));
  if (await elisTurn()) {
    log("Eli begins, while Ana has the table open");
    await until("Eli's first turn played", async () => (await anasTurn()) || void (await holdingsTurn(eli)));
  }
  await until("Ana's turn played on her page", async () => (await elisTurn()) || void (await holdingsTurn(page)));
  await page.goto(`${base}/`);
  // The server sends a notice only to a person with no page of the table
  // open: Eli moves once it knows that Ana left.
  await until("Ana off the table", async () => JSON.stringify(await online()) === JSON.stringify({ Ana: false, Eli: true }));
  if (push.messages.length !== 0) fail(`Ana was pushed ${push.messages.length} notices while she had the table open`);

  setStep("Eli plays his turn and the push service gets Ana's notice");
  await until("Eli's turn played", async () => (await eli.getByText("Ana's turn").count()) > 0 || void (await holdingsTurn(eli)));
  const message = await push.next("turn notice for Ana");
  const lobby = (await pageApi(page, "GET", `/api/tables/${id}`)).body;
  const anaSeat = lobby.seats.findIndex((s) => s.name === "Ana");
  if (JSON.stringify(lobby.waiting) !== JSON.stringify([anaSeat]) || !lobby.deadline)
    fail(`after the notice the table waits on ${JSON.stringify(lobby.waiting)}, deadline ${lobby.deadline}`);
  // The deadline as a notice says it, in UTC (Ana set no quiet hours, so
  // no time zone): "09:40 UTC on Sunday, December 6".
  const due = new Date(lobby.deadline);
  const dueWords = `${due.toISOString().slice(11, 16)} UTC on ${due.toLocaleDateString("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" })}`;
  const text = message.bytes.toString("utf8");
  const notice = JSON.parse(text);
  const want = {
    title: "Your turn: Harbor Holdings",
    body: `Ana, it is your turn at the table with Eli. You have until ${dueWords}, about 24 hours from now. If you have not moved by then, the computer plays this turn for you.`,
    url: `/t/${id}`,
    tag: `turn-${id}`,
  };
  if (JSON.stringify(notice) !== JSON.stringify(want)) fail(`the decrypted notice:\n${text}\nwant\n${JSON.stringify(want)}`);
  if (message.headers.topic !== want.tag || message.headers.urgency !== "high") fail(`push headers ${JSON.stringify(message.headers)}`);
  log(`the push service decrypted: ${text}`);

  setStep("the decrypted notice, delivered to the worker, shows, and a click on it opens the table");
  // Chromium tells the registrations once, some moments after the domain is
  // enabled, and a second enable tells nothing: they are gathered from before
  // the enable on, so none can pass unheard.
  const registrations = new Map();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send("ServiceWorker.enable");
  const registration = await until("the worker's registration", async () => [...registrations.values()].find((r) => r.scopeURL === `${base}/` && !r.isDeleted));
  // The very bytes the push service decrypted, as the browser's push
  // service would hand them to the worker (they are UTF-8 JSON, which the
  // protocol's string carries unchanged).
  if (!Buffer.from(text, "utf8").equals(message.bytes)) fail("the decrypted notice is not UTF-8");
  // A push reaches a worker that chromium has stopped by starting it; one
  // that got lost on the way is sent again, as a push service would.
  const notices = () =>
    page.evaluate(() =>
      navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) => ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))),
    );
  let shown = [];
  for (let attempt = 1; attempt <= 3 && shown.length === 0; attempt++) {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId: registration.registrationId, data: text });
    for (const end = Date.now() + 5000; Date.now() < end && shown.length === 0; await new Promise((ok) => setTimeout(ok, 100))) shown = await notices();
    if (shown.length === 0) log(`push ${attempt} showed no notice`);
  }
  if (shown.length !== 1 || shown[0].title !== want.title || shown[0].body !== want.body || shown[0].data.url !== want.url || shown[0].tag !== want.tag) {
    fail(`the notice shown: ${JSON.stringify(shown)}`);
  }
  // Headless chromium has no notification area to click: the click is
  // dispatched in the worker. The laptop's home page is open, so the worker
  // takes that window to the table (a new window would need the gesture
  // of a real click, which a dispatched event does not carry).
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) fail("the worker does not control the home page");
  const [worker] = laptop.serviceWorkers();
  if (!worker) fail("no service worker to click in");
  const left = await worker.evaluate(async () => {
    const [n] = await self.registration.getNotifications();
    const done = [];
    const click = new NotificationEvent("notificationclick", { notification: n });
    click.waitUntil = (p) => done.push(p);
    self.dispatchEvent(click);
    await Promise.all(done);
    return (await self.registration.getNotifications()).length;
  });
  if (left !== 0) fail(`${left} notices left after the click`);
  await page.waitForURL(`${base}/t/${id}`);
  const tablePage = page;
  await tablePage.locator("svg.board").waitFor();
  log(`the click opened ${tablePage.url()}`);

  setStep("the Notices page on a 390 px phone");
  const laptopHome = await laptop.newPage();
  const phone = await ctx.browser.newContext(PHONE);
  phone.setDefaultTimeout(20_000);
  const phonePage = await phone.newPage();
  errors.push(...watchErrors({ phone: phonePage }));
  await laptopHome.goto(`${base}/`);
  await laptopHome.getByRole("link", { name: "Notices and devices" }).click();
  await laptopHome.getByRole("heading", { name: "Notices and devices" }).waitFor();
  await laptopHome.getByRole("button", { name: "Show a code" }).click();
  const code = (await laptopHome.locator(".code-big").textContent()).trim();
  if (!/^[A-Z2-9]{8}$/.test(code)) fail(`the code reads ${code}`);
  const link = await laptopHome.getByTestId("link-code").getByRole("link").getAttribute("href");
  if (!link.endsWith(`/link/${code}`)) fail(`the link is ${link}`);
  await audit(laptopHome, "the Notices page with a link code (laptop)");
  await laptopHome.getByTestId("link-code").scrollIntoViewIfNeeded();
  await photo(laptopHome, "00-laptop-code");

  setStep("the phone opens the link and becomes Ana");
  await phonePage.goto(`${base}/link/${code}`);
  await phonePage.getByRole("button", { name: "Link this device" }).click();
  await phonePage.waitForURL(`${base}/`);
  await until("the laptop's table on the phone's home page", async () => (await phonePage.locator(`a[href="/t/${id}"]`).count()) > 0);
  await photo(phonePage, "01-phone-home-linked");
  const ids = await Promise.all([laptopHome, phonePage].map((p) => pageApi(p, "GET", "/api/session").then((r) => r.body.player)));
  if (ids[0] !== ids[1]) fail(`the phone is ${ids[1]}, the laptop ${ids[0]}`);
  await phonePage.getByRole("link", { name: "Notices and devices" }).click();
  await phonePage.getByText("(this device)").waitFor();
  await phonePage.getByLabel("Address", { exact: true }).waitFor();
  await phonePage.getByLabel("From", { exact: true }).fill("22:00");
  await phonePage.getByLabel("To", { exact: true }).fill("07:00");
  await phonePage.getByRole("button", { name: "Save", exact: true }).click();
  await phonePage.getByText("Saved: no notices from 22:00 to 07:00.").waitFor();
  const quiet = (await pageApi(laptopHome, "GET", "/api/notices")).body;
  if (quiet.quietFrom !== 22 * 60 || quiet.quietTo !== 7 * 60) fail(`the laptop sees quiet hours ${JSON.stringify(quiet)}`);
  await fitsWidth(phonePage, "the Notices page on a 390 px phone");
  await audit(phonePage, "the Notices page (phone)");
  await photo(phonePage, "02-phone-390");
  await phonePage.setViewportSize(SMALL_PHONE.viewport);
  await fitsWidth(phonePage, "the Notices page on a 320 px phone");
  await photo(phonePage, "03-phone-320");
  await phonePage.setViewportSize(PHONE.viewport);

  setStep("the code does not work a second time");
  const other = await (await ctx.browser.newContext(PHONE)).newPage();
  await other.goto(`${base}/link/${code}`);
  await other.getByRole("button", { name: "Link this device" }).click();
  const refusal = await other.getByRole("alert").textContent();
  if (!/not valid/.test(refusal)) fail(`a second use of the code says: ${refusal}`);

  setStep("the phone plays Ana's seat");
  await phonePage.goto(`${base}/t/${id}`);
  await phonePage.locator("svg.board").waitFor();
  await until("Ana's turn on the phone", async () => (await barVersion(phonePage)) !== "gone");
  const before = await barVersion(phonePage);
  await until("the laptop's page on the same turn", async () => (await barVersion(tablePage)) === before);
  if (!(await holdingsTurn(phonePage))) fail("the phone is offered no move on Ana's turn");
  await until("the laptop to see the phone's move", async () => (await barVersion(tablePage)) !== before);
  await photo(phonePage, "04-phone-plays");
  await mailNotices(ctx, box, errors);
  if (errors.length) fail(`script errors in the pages:\n${errors.join("\n")}`);
}

/** mailNotices: Cy's turn notices by e-mail, from saving her address to stopping the mails. */
async function mailNotices(ctx, box, errors) {
  const { base } = ctx;
  const cyContext = await ctx.browser.newContext(PHONE);
  cyContext.setDefaultTimeout(20_000);
  const cy = await cyContext.newPage();
  const boContext = await ctx.browser.newContext(LAPTOP);
  boContext.setDefaultTimeout(20_000);
  const bo = await boContext.newPage();
  errors.push(...watchErrors({ cy, bo }));
  const settings = async () => (await pageApi(cy, "GET", "/api/notices")).body;
  const save = async (address) => {
    await cy.getByLabel("Address", { exact: true }).fill(address);
    await cy.getByRole("button", { name: "Save the address" }).click();
  };

  setStep("an address the mail server refuses is refused, and not kept");
  box.refuse("nobody@example.org");
  await cy.goto(`${base}/notices`);
  await save("nobody@example.org");
  await cy.getByText("The mail server refused nobody@example.org: check the address.").waitFor();
  if ((await settings()).mail) fail(`the refused address is kept: ${JSON.stringify(await settings())}`);
  await photo(cy, "05-mail-refused");

  setStep("Cy saves her address and the confirmation mail comes");
  const sent = box.mails.length;
  await save("cy@example.org");
  await cy.getByText("Open the link in the mail sent to cy@example.org to confirm it.").waitFor();
  const confirmation = await box.next("the confirmation mail", (m) => m.to.includes("cy@example.org"), sent);
  const [confirmLink, stopLink] = confirmation.links;
  if (confirmation.headers.get("subject") !== "Confirm turn notices from Harbor" || !confirmLink?.startsWith(`${base}/notices/mail/confirm?token=`)) {
    fail(`the confirmation mail: ${confirmation.headers.get("subject")}\n${confirmation.body}`);
  }
  if (confirmation.headers.get("list-unsubscribe") !== `<${stopLink}>`)
    fail(`List-Unsubscribe ${confirmation.headers.get("list-unsubscribe")}, link ${stopLink}`);
  log(`confirmation mail to ${confirmation.to.join(", ")}: ${confirmLink}`);

  setStep("Cy opens the confirmation link and confirms");
  await cy.goto(confirmLink);
  await cy.getByText("Send turn notices to cy@example.org?").waitFor();
  const posted = cy.waitForRequest((r) => r.method() === "POST" && r.url() === confirmLink);
  await cy.getByRole("button", { name: "Confirm" }).click();
  await cy.getByText("Done: turn notices go to cy@example.org.").waitFor();
  log(`the confirm form posted with Origin ${(await (await posted).allHeaders()).origin ?? "(none)"}`);
  await photo(cy, "06-mail-confirmed");
  if (!(await settings()).confirmed) fail(`after confirming: ${JSON.stringify(await settings())}`);

  setStep("Bo opens a table with Cy, who has no page of it open");
  await bo.goto(`${base}/`);
  const made = await pageApi(bo, "POST", "/api/tables", { game: "holdings", name: "Bo", turnSeconds: 0 });
  if (made.status !== 201) fail(`opening Bo's table: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.id;
  const joined = await pageApi(cy, "POST", "/api/join", { invite: made.body.invite, name: "Cy" });
  if (joined.status !== 200) fail(`Cy joining: ${joined.status} ${JSON.stringify(joined.body)}`);
  await pageApi(cy, "POST", `/api/tables/${id}/ready`, { ready: true });
  const started = await pageApi(bo, "POST", `/api/tables/${id}/start`);
  if (started.status !== 200) fail(`starting: ${started.status} ${JSON.stringify(started.body)}`);
  await bo.goto(`${base}/t/${id}`);
  await bo.locator("svg.board").waitFor();
  // Whose turn it is, as Bo's page says it: his moves, or "Cy's turn".
  const bosTurn = async () => (await holdingsMoves(bo)).length > 0;
  const cysTurn = async () => (await bo.getByText("Cy's turn").count()) > 0;
  await until("the first turn", async () => (await bosTurn()) || (await cysTurn()));
  if (await cysTurn()) {
    log("Cy begins: she plays her turn from the table's page, then leaves it");
    await cy.goto(`${base}/t/${id}`);
    await cy.locator("svg.board").waitFor();
    await until("Cy's turn played", async () => (await bosTurn()) || void (await holdingsTurn(cy)));
    await cy.goto(`${base}/notices`);
  }

  setStep("Bo plays his turn and Cy gets a turn mail");
  const before = box.mails.length;
  // One move a poll, until the turn passes to Cy.
  await until("Bo's turn played", async () => (await cysTurn()) || void (await holdingsTurn(bo)));
  const turnMail = await box.next("Cy's turn mail", (m) => m.to.includes("cy@example.org") && /^Your turn: /.test(m.headers.get("subject")), before);
  const [tableLink, turnStop] = turnMail.links;
  if (tableLink !== `${base}/t/${id}` || !/it is your turn at the table with Bo/.test(turnMail.body) || turnStop !== stopLink) {
    fail(`the turn mail: ${turnMail.headers.get("subject")}\n${turnMail.body}`);
  }
  if (turnMail.headers.has("list-unsubscribe-post")) fail("one-click unsubscribe offered for an http link (RFC 8058 wants https)");
  log(`turn mail: ${turnMail.headers.get("subject")}, ${tableLink}`);

  setStep("Cy follows the turn mail's link to the table, and it is her turn");
  await cy.goto(tableLink);
  await cy.locator("svg.board").waitFor();
  await until("Cy's moves on her page", async () => (await holdingsMoves(cy)).length > 0);
  await photo(cy, "07-mail-table");

  setStep("Cy stops the mails from the mail's link");
  await cy.goto(turnStop);
  await cy.getByText("Stop sending turn notices to cy@example.org?").waitFor();
  await cy.getByRole("button", { name: "Stop the mails" }).click();
  await cy.getByText("Done: Harbor sends no more mail to this address.").waitFor();
  await photo(cy, "08-mail-stopped");
  if ((await settings()).mail) fail(`after stopping: ${JSON.stringify(await settings())}`);

  setStep("a mail program unsubscribes in one click (RFC 8058)");
  await cy.goto(`${base}/notices`);
  const again = box.mails.length;
  await save("cy@example.org");
  const second = await box.next("the second confirmation mail", (m) => m.to.includes("cy@example.org"), again);
  // The address is kept once the mail server took the mail, as the answer
  // to the page says.
  await cy.getByText("Open the link in the mail sent to cy@example.org to confirm it.").waitFor();
  const oneClick = (second.headers.get("list-unsubscribe") ?? "").replace(/^<|>$/g, "");
  if (!oneClick.startsWith(`${base}/notices/mail/stop?token=`) || oneClick === stopLink) fail(`List-Unsubscribe of the new mail: ${oneClick}`);
  // Node's fetch, like a mail provider's server: no cookie, no Origin.
  const post = () =>
    fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
  const answer = await post();
  if (answer.status !== 200) fail(`the one-click POST: ${answer.status} ${await answer.text()}`);
  if ((await settings()).mail) fail(`after the one-click POST: ${JSON.stringify(await settings())}`);
  if ((await post()).status !== 404) fail("a used unsubscribe link still works");
  await boContext.close();
  await cyContext.close();
}
