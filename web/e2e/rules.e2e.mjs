// Rules help end to end, on a phone: a refused move's notice opens the topic
// that explains its rule; the reference is searchable and every topic has its
// own link; The Great Harbor's quick reference opens from its lobby; a
// player asks "what would the computer do?" and sees the answer (the log
// tells everyone); and with the host's hints switch off the button is gone
// and the server refuses the request.

import { fail, fitsWidth, log, pageApi, PHONE, setStep, shot, SMALL_PHONE, STEP_TIMEOUT, until, watchErrors } from "./lib.mjs";

const tableId = (page) => new URL(page.url()).pathname.split("/").pop();

/** rawHint sends a hint request on a WebSocket of the page's own player and returns the server's answer frame. */
const rawHint = (page, id) =>
  page.evaluate(
    (id) =>
      new Promise((ok, bad) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws?table=${id}`);
        let v = 0;
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.t === "state") {
            v = m.v;
            ws.send(JSON.stringify({ t: "hint", v, d: {} }));
          } else if (m.t === "hint" || m.t === "error") {
            ws.close();
            ok(m);
          }
        };
        ws.onerror = () => bad(new Error("the WebSocket failed"));
        setTimeout(() => bad(new Error("no answer to the hint request")), 8000);
      }),
    id,
  );

export default async function scenario(ctx) {
  const { browser, base } = ctx;
  const phone = await browser.newContext(PHONE);
  phone.setDefaultTimeout(STEP_TIMEOUT);
  const ana = await phone.newPage();
  const errors = watchErrors({ ana });

  setStep("Ana opens a Harbor Holdings table with a computer player; hints are on by default");
  await ana.goto(`${base}/`);
  await ana.getByRole("radio", { name: /Harbor Holdings/ }).check();
  await ana.getByLabel("Your name").fill("Ana");
  await ana.getByRole("button", { name: /Open a Harbor Holdings table/ }).click();
  await ana.waitForURL(/\/t\/[^/]+$/);
  const id = tableId(ana);
  const hints = ana.getByTestId("opt-hints");
  if (await hints.isChecked()) fail("hints are on at a table of people only");
  await ana.getByRole("button", { name: "Add a computer player", exact: true }).click();
  await until("hints to switch on with the computer player", () => hints.isChecked());
  // The box shows the server's answer, so it is clicked and then watched.
  await hints.click();
  await until("the host's switch to turn hints off", async () => !(await hints.isChecked()));
  await hints.click();
  await until("hints back on", () => hints.isChecked());
  await ana.locator(".howto-panel summary").click();
  await ana.getByTestId("how-to-play").waitFor();
  await hints.scrollIntoViewIfNeeded();
  await fitsWidth(ana, "the lobby");
  await shot(ana, "00-phone-lobby-hints-and-how-to-play");

  setStep("the game starts and waits for Ana's roll");
  await ana.getByTestId("start").click();
  await ana.locator("svg.board").waitFor();
  await until("Ana's turn to roll", () => ana.locator('.action-bar button[data-move="roll"]').isEnabled(), 20_000);
  const line = await ana.locator("#line-roll").textContent();
  if (!/dice/.test(line ?? "")) fail(`the roll button says nothing of what it does: ${line}`);

  setStep("Ana asks what the computer would do");
  await ana.getByTestId("ask-hint").click();
  const hint = ana.getByTestId("hint");
  await hint.waitFor();
  const hintText = (await hint.textContent()) ?? "";
  if (!/The computer would: Roll the dice/.test(hintText) || !/roll/i.test(hintText.replace("Roll the dice", ""))) fail(`hint reads: ${hintText}`);
  await until(
    "the log to tell that a hint was used",
    async () => (await ana.locator(".log-hint", { hasText: "Ana asked what the computer would do" }).count()) === 1,
  );
  await fitsWidth(ana, "the play screen with a hint");
  await ana.evaluate(() => window.scrollTo(0, 0));
  await shot(ana, "01-phone-hint");

  setStep("a space tells what it does in one tap");
  await ana.locator('.action-bar button[data-move="roll"]').click();
  await until("the roll to be answered", async () => (await ana.locator('.action-bar button[data-move="roll"]').count()) === 0);
  await ana
    .getByRole("button", { name: /Harbor Gate/ })
    .first()
    .click();
  await ana.getByTestId("space-rule").waitFor();
  const spaceRule = (await ana.getByTestId("space-rule").textContent()) ?? "";
  if (!/200/.test(spaceRule)) fail(`Harbor Gate's details do not say what it does: ${spaceRule}`);
  await ana.getByTestId("space-details").getByRole("button", { name: "Close" }).click();

  setStep("a refused move's notice opens the topic of its rule");
  await ana.getByTestId("trade-new").click();
  await ana.getByTestId("trade-with").selectOption({ index: 0 });
  await ana.getByTestId("give-coins").fill("999999");
  await ana.getByTestId("get-coins").fill("10");
  await ana.getByTestId("trade-submit").click();
  const ruleLink = ana.getByTestId("notice").getByTestId("rule-link");
  await ruleLink.waitFor();
  const topic = await ruleLink.getAttribute("data-topic");
  if (topic !== "trades") fail(`the refusal links to topic ${topic}, want trades`);
  await shot(ana, "02-phone-refused-with-rule");
  await ruleLink.click();
  const reference = ana.getByTestId("rules-reference");
  await reference.locator('[data-topic="trades"]').waitFor();
  if (!ana.url().endsWith("#rules/trades")) fail(`the topic's address is ${ana.url()}`);
  await fitsWidth(ana, "the rules reference");
  await shot(ana, "03-phone-reference-topic");

  setStep("the reference is modal: Tab goes round its own controls");
  if (!(await ana.locator("dialog.reference-backdrop").evaluate((d) => d.matches(":modal")))) fail("the reference is not a modal dialog");
  for (let i = 0; i < 6; i++) {
    await ana.keyboard.press(i % 2 ? "Shift+Tab" : "Tab");
    await ana.keyboard.press("Tab");
    if (!(await ana.evaluate(() => Boolean(document.activeElement?.closest("dialog.reference-backdrop")))))
      fail(`Tab left the reference for ${await ana.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
  }

  setStep("the reference searches and links every topic");
  await reference.getByRole("link", { name: "← All topics" }).click();
  await reference.getByTestId("rules-search").fill("rent");
  const first = reference.locator(".topic-group a").first();
  if ((await first.textContent()) !== "Rent") fail(`searching "rent" first finds ${await first.textContent()}`);
  await shot(ana, "04-phone-reference-search");
  await first.click();
  await reference.locator('[data-topic="rent"]').waitFor();
  await ana.keyboard.press("Escape");
  await until("Escape to close the reference", async () => (await reference.count()) === 0);
  if (ana.url().includes("#rules")) fail(`the address keeps the topic after closing: ${ana.url()}`);
  await ana.getByRole("button", { name: "Dismiss message" }).click();
  await ana.getByTestId("trade-panel").getByRole("button", { name: "Close" }).click();

  setStep("with hints off the button is gone and the server refuses");
  const off = await pageApi(ana, "POST", `/api/tables/${id}/hints`, { on: false });
  if (off.status !== 200 || off.body.hints !== false) fail(`turning hints off: ${JSON.stringify(off)}`);
  await until("Ana's next decision", () => ana.locator(".action-bar button[data-move]").count());
  await until("the hint button to go", async () => (await ana.getByTestId("ask-hint").count()) === 0);
  const refused = await rawHint(ana, id);
  if (refused.t !== "error" || refused.d.code !== "forbidden") fail(`a hint with hints off got ${JSON.stringify(refused)}`);
  log(`hint refused: ${refused.d.message}`);
  const guest = await pageApi(ana, "POST", `/api/tables/${id}/hints`, { on: "yes" });
  if (guest.status !== 400) fail(`a malformed switch got ${guest.status}`);

  setStep("The Great Harbor's quick reference opens from its lobby");
  const gh = await phone.newPage();
  await gh.goto(`${base}/`);
  await gh.getByRole("radio", { name: /The Great Harbor/ }).check();
  await gh.getByLabel("Your name").fill("Ana");
  await gh.getByRole("button", { name: /Open a The Great Harbor table|Open a Great Harbor table/ }).click();
  await gh.waitForURL(/\/t\/[^/]+$/);
  await gh.getByTestId("open-rules").click();
  const ghRef = gh.getByTestId("rules-reference");
  await ghRef.getByRole("link", { name: /Quick reference/ }).click();
  await ghRef.locator('[data-topic="quick-reference"]').waitFor();
  const icons = await ghRef.locator("svg.rule-icon").count();
  if (icons < 30) fail(`the quick reference draws ${icons} icons`);
  for (const name of ["Sails", "Rope", "Planks", "Metal", "Favor", "Colonist", "Smuggler token"]) {
    if ((await ghRef.getByRole("img", { name }).count()) === 0) fail(`no ${name} icon`);
  }
  await fitsWidth(gh, "the quick reference");
  await shot(gh, "05-phone-quick-reference");
  await ghRef.locator(".rule-table").first().scrollIntoViewIfNeeded();
  await shot(gh, "06-phone-quick-reference-table");

  setStep("the quick reference fits a 320 px phone");
  await gh.setViewportSize(SMALL_PHONE.viewport);
  await ghRef.locator('[data-topic="quick-reference"]').scrollIntoViewIfNeeded();
  await fitsWidth(gh, "the quick reference on a 320 px phone");
  await shot(gh, "07-small-phone-quick-reference");
  await gh.getByRole("button", { name: "Close the rules" }).click();
  await until("the close button to close the reference", async () => (await ghRef.count()) === 0);
  const focused = await gh.evaluate(() => document.activeElement?.getAttribute("data-testid"));
  if (focused !== "open-rules") fail(`after closing, the focus is on ${focused}, not the link that opened the rules`);

  if (errors.length) fail(`script errors: ${errors.join("; ")}`);
  await phone.close();
}
