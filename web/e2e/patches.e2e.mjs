// Patches in the browser, on a Harbor Holdings table of a host on a phone
// and one computer player: the page asks for patches, and when one is lost
// on its way (dropped here between the server and the page: the one that
// hands the turn to the computer player, whose moves follow at once) the
// next does not follow on, so the page asks for its whole state, gets it,
// and carries on; at the end it shows what a page that lost nothing shows.

import { barVersion, fail, holdingsMoves, holdingsTurn, PHONE, setStep, shot, until } from "./lib.mjs";

const boardPositions = (page) => page.locator("svg.board").first().getAttribute("data-positions");

export default async function scenario(ctx) {
  const { base } = ctx;
  const host = await ctx.newPage(PHONE);

  // Every frame both ways passes through here; one patch to the page is lost.
  const toPage = [];
  const fromPage = [];
  let lost = false;
  await host.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      const f = JSON.parse(String(m));
      if (f.t === "patch" && !lost && JSON.stringify(f.d.p).includes('"actors":[[1]]')) {
        lost = true;
        return;
      }
      toPage.push(f);
      ws.send(m);
    });
    ws.onMessage((m) => {
      fromPage.push(JSON.parse(String(m)));
      server.send(m);
    });
  });

  setStep("the host opens a Holdings table with a computer player and starts");
  await host.goto(`${base}/`);
  await host.getByRole("radio", { name: /Harbor Holdings/ }).check();
  await host.getByLabel("Your name").fill("Ana");
  await host.getByRole("button", { name: /Open a Harbor Holdings table/ }).click();
  await host.waitForURL(/\/t\/[^/]+$/);
  await host.getByRole("button", { name: "Add a computer player", exact: true }).click();
  await until("the computer player", async () => (await host.locator(".seat-bot").count()) === 1);
  await host.getByTestId("start").click();
  await until("the game", () => host.locator("svg.board").count());

  setStep("turns are played while a patch is lost");
  for (let i = 0; i < 60 && !fromPage.some((f) => f.t === "state"); i++) {
    if (!(await holdingsTurn(host))) await host.waitForTimeout(100);
  }
  if (!lost) fail("no patch handed the turn to the computer player");
  const asked = fromPage.findIndex((f) => f.t === "state");
  if (asked < 0) fail("the page did not ask for its whole state after a lost patch");
  await until("the whole state it asked for", async () => toPage.filter((f) => f.t === "state").length >= 2);

  setStep("the page carries on with patches and shows what a fresh page shows");
  const wholeBefore = toPage.filter((f) => f.t === "state").length;
  for (let i = 0; i < 12; i++) {
    if (!(await holdingsTurn(host))) await host.waitForTimeout(100);
  }
  const afterRecovery = toPage.slice(toPage.findLastIndex((f) => f.t === "state") + 1).filter((f) => f.t === "patch").length;
  if (afterRecovery === 0) fail("no patch came after the whole state");
  if (toPage.filter((f) => f.t === "state").length !== wholeBefore) fail("more whole states came after the recovery");
  await until("the host's turn", async () => (await holdingsMoves(host)).length > 0, 20_000);
  const fresh = await ctx.newPage(PHONE);
  await fresh.context().addCookies(await host.context().cookies());
  await fresh.goto(host.url());
  await until("the fresh page's game", () => fresh.locator("svg.board").count());
  await until("both pages at one version", async () => (await barVersion(fresh)) === (await barVersion(host)));
  const [mine, theirs] = [await boardPositions(host), await boardPositions(fresh)];
  if (mine !== theirs) fail(`the page that lost a patch shows positions ${mine}, a fresh page ${theirs}`);
  const coins = (p) => p.getByTestId("my-coins").getAttribute("data-coins");
  if ((await coins(host)) !== (await coins(fresh))) fail("the page that lost a patch shows other coins than a fresh page");
  await shot(host, "01-phone-after-a-lost-patch");
}
