// A table's chat room: the host sends the table's turn notices to a
// Discord room through its incoming-webhook URL.
//
// The "Discord" is the scenario's own https server on loopback, with the
// certificate pushsvc.mjs makes (the server trusts it through
// SSL_CERT_FILE, and may reach loopback because it runs with -notice-allow
// 127.0.0.0/8). Its URL has Discord's path, /api/webhooks/<id>/<token>, on
// 127.0.0.1: the server takes a Discord URL on another host than
// discord.com only when every address of that host is on a -notice-allow
// prefix, so the path is still checked and real use is not weakened.
//
// Ana, the host, is refused a URL of the wrong shape in the lobby and told
// why, saves the room's URL and is shown it masked (service and host). At
// her own pace she plays while she has the table open; once she has left,
// Eli moves, and the room gets one post in Discord's JSON, with no
// mentions allowed, whose text says it is Ana's turn, until when, and
// links the table from -public-url; chromium follows that link to the
// table. No lobby answer, for either of them, holds the URL. The section
// is audited and fits a 320 px phone.

import { createServer } from "node:https";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  LAPTOP,
  SMALL_PHONE,
  audit,
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
import { selfSigned } from "./pushsvc.mjs";

const TOKEN = "e2e-room-token-9f3";

/** startRoom is a Discord-like webhook on loopback https: { url, host, path, cert, posts, next(what), close() }. */
function startRoom() {
  const { key, cert } = selfSigned();
  const path = `/api/webhooks/424242/${TOKEN}`;
  const posts = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      posts.push({ method: req.method, url: req.url, type: req.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(req.method === "POST" && req.url === path ? 204 : 404);
      res.end();
    });
  });
  return new Promise((ok, bad) => {
    server.on("error", bad);
    server.listen(0, "127.0.0.1", () => {
      const origin = `https://127.0.0.1:${server.address().port}`;
      ok({
        url: origin + path,
        host: origin.slice("https://".length),
        path,
        cert,
        posts,
        next: (what) => until(what, () => posts[0]),
        close: () => new Promise((done) => server.close(() => done())).catch(() => {}),
      });
    });
  });
}

export default async function scenario(ctx) {
  const room = await startRoom();
  const certFile = join(dirname(ctx.data), "chat-room.pem");
  writeFileSync(certFile, room.cert);
  ctx.serverEnv = { SSL_CERT_FILE: certFile };
  try {
    await webhooks(ctx, room);
  } finally {
    await room.close();
  }
}

async function webhooks(ctx, room) {
  const { base } = ctx;
  setStep("the server restarts with a public URL and loopback allowed");
  ctx.serverArgs = ["-public-url", base, "-notice-allow", "127.0.0.0/8"];
  await ctx.stopServer();
  await ctx.startServer();
  const anaContext = await ctx.browser.newContext(LAPTOP);
  anaContext.setDefaultTimeout(20_000);
  const eliContext = await ctx.browser.newContext(LAPTOP);
  eliContext.setDefaultTimeout(20_000);
  const page = await anaContext.newPage();
  const eli = await eliContext.newPage();
  const errors = watchErrors({ ana: page, eli });
  await page.goto(`${base}/`);
  await eli.goto(`${base}/`);

  setStep("a table at Ana's own pace, with Eli");
  const id = await ownPaceTable(page, eli);

  setStep("Ana sets the table's chat room in the lobby");
  await page.goto(`${base}/t/${id}`);
  const section = page.getByTestId("chat-room");
  await section.getByRole("heading", { name: "Turn notices in a chat room" }).waitFor();
  await section.getByLabel("Service").selectOption("slack");
  await section.getByLabel("Webhook URL").fill(room.url);
  await section.getByRole("button", { name: "Save" }).click();
  const refused = (await section.getByRole("alert").textContent()).trim();
  if (!refused.startsWith("This is not a Slack webhook URL")) fail(`a Discord URL saved as Slack: ${refused}`);
  if (room.posts.length) fail("the room was posted to while being refused");
  await section.getByLabel("Service").selectOption("discord");
  await section.getByRole("button", { name: "Save" }).click();
  const masked = section.getByTestId("chat-room-set");
  await masked.waitFor();
  if ((await masked.textContent()).trim() !== `Posting to Discord · ${room.host}`) fail(`the room is shown as ${await masked.textContent()}`);
  if ((await section.getByLabel("Another webhook URL").inputValue()) !== "") fail("the URL stays in the field after saving");
  await eli.goto(`${base}/t/${id}`);
  await eli.getByRole("heading", { name: "Seats" }).waitFor();
  if ((await eli.getByTestId("chat-room").count()) !== 0) fail("Eli, not the host, is shown the chat room section");
  const eliAsks = await pageApi(eli, "GET", `/api/tables/${id}/chat`);
  if (eliAsks.status !== 403) fail(`Eli asked for the room: ${eliAsks.status} ${JSON.stringify(eliAsks.body)}`);
  await audit(page, "the lobby with the chat room set");

  setStep("the lobby at its own pace with the section fits a 320 px phone");
  await page.setViewportSize(SMALL_PHONE.viewport);
  await section.scrollIntoViewIfNeeded();
  await fitsWidth(page, "the lobby at its own pace with a chat room");
  const wide = await section.evaluate((el) =>
    [el, ...el.querySelectorAll("*")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName} ${Math.round(e.getBoundingClientRect().right)}px`),
  );
  if (wide.length) fail(`the chat room section is wider than a 320 px phone: ${wide.join(", ")}`);
  await shot(page, "webhooks-320");
  await page.setViewportSize(LAPTOP.viewport);

  setStep("Ana plays while she has the table open, then leaves");
  const online = async () => Object.fromEntries((await pageApi(page, "GET", `/api/tables/${id}`)).body.seats.map((s) => [s.name, s.online]));
  await until("Ana's page connected to the table", async () => (await online()).Ana === true);
  const started = await pageApi(page, "POST", `/api/tables/${id}/start`);
  if (started.status !== 200) fail(`starting: ${started.status} ${JSON.stringify(started.body)}`);
  await page.locator("svg.board").waitFor();
  await eli.locator("svg.board").waitFor();
  const elisTurn = async () => (await holdingsMoves(eli)).length > 0;
  const anasTurn = async () => (await holdingsMoves(page)).length > 0;
  await until("the first turn", async () => (await elisTurn()) || (await anasTurn()));
  if (await elisTurn()) await until("Eli's first turn played", async () => (await anasTurn()) || void (await holdingsTurn(eli)));
  await until("Ana's turn played on her page", async () => (await elisTurn()) || void (await holdingsTurn(page)));
  await page.goto(`${base}/`);
  await until("Ana off the table", async () => JSON.stringify(await online()) === JSON.stringify({ Ana: false, Eli: true }));
  if (room.posts.length) fail(`the room got ${room.posts.length} posts while Ana had the table open`);

  setStep("Eli plays his turn and the room gets Ana's turn");
  await until("Eli's turn played", async () => (await eli.getByText("Ana's turn").count()) > 0 || void (await holdingsTurn(eli)));
  const post = await room.next("the room's post");
  if (post.method !== "POST" || post.url !== room.path || post.type !== "application/json") fail(`the post: ${post.method} ${post.url} ${post.type}`);
  const lobby = (await pageApi(eli, "GET", `/api/tables/${id}`)).body;
  const due = new Date(lobby.deadline);
  const dueWords = `${due.toISOString().slice(11, 16)} UTC on ${due.toLocaleDateString("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" })}`;
  const link = `${base}/t/${id}`;
  const want = {
    content: `It is Ana’s turn at Harbor Holdings, with Eli. They have until ${dueWords}, about 24 hours from now.\nOpen the table: <${link}>`,
    allowed_mentions: { parse: [] },
  };
  const got = JSON.parse(post.body);
  if (Object.keys(got).length !== 2 || got.content !== want.content || JSON.stringify(got.allowed_mentions) !== JSON.stringify(want.allowed_mentions))
    fail(`the room's post:\n${post.body}\nwant\n${JSON.stringify(want)}`);
  log(`the room got: ${post.body}`);

  setStep("no lobby answer holds the room's URL");
  for (const p of [page, eli]) {
    const seen = JSON.stringify((await pageApi(p, "GET", `/api/tables/${id}`)).body);
    if (seen.includes(TOKEN) || seen.includes("/api/webhooks/")) fail(`a lobby holds the room's URL: ${seen}`);
  }

  setStep("the post's link opens the table");
  const linked = /<(https?:[^>]+)>/.exec(JSON.parse(post.body).content)?.[1];
  await page.goto(linked);
  await page.locator("svg.board").waitFor();
  if (page.url() !== link) fail(`the link opened ${page.url()}`);
  await until("Ana's turn to play on the page she opened", anasTurn);
  if (room.posts.length !== 1) fail(`the room got ${room.posts.length} posts, want 1`);
  if (errors.length) fail(`page errors: ${errors.join("; ")}`);
}
