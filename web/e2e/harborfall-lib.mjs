// Helpers of the Harborfall scenarios: opening a table through the API as
// each browser, reading the server's own view of a seat, and playing through
// the pages (taps on the board, the confirm step on phones, discards, the
// robber, answers to offers).

import { fail, fitsScreen, log, pageApi, until } from "./lib.mjs";

/**
 * openTable makes the host's table (Harborfall unless game names another), seats the friends and the computer
 * players (at level when given, else the server's default level), and starts it.
 */
export async function openTable(base, host, friends, { names, bots, turnSeconds, game = "harborfall", level }) {
  await host.goto(`${base}/`);
  const made = await pageApi(host, "POST", "/api/tables", { game, name: names[0], turnSeconds });
  if (made.status !== 201) fail(`opening the table: ${made.status} ${JSON.stringify(made.body)}`);
  const table = made.body;
  for (const [i, f] of friends.entries()) {
    await f.goto(`${base}/`);
    const j = await pageApi(f, "POST", "/api/join", { code: table.code, name: names[i + 1] });
    if (j.status !== 200) fail(`joining: ${j.status} ${JSON.stringify(j.body)}`);
    const r = await pageApi(f, "POST", `/api/tables/${table.id}/ready`, { ready: true });
    if (r.status !== 200) fail(`ready: ${r.status} ${JSON.stringify(r.body)}`);
  }
  for (let b = 0; b < bots; b++) {
    const r = await pageApi(host, "POST", `/api/tables/${table.id}/bots`, level ? { level } : {});
    if (r.status !== 200) fail(`adding a computer player: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const s = await pageApi(host, "POST", `/api/tables/${table.id}/start`);
  if (s.status !== 200) fail(`start: ${s.status} ${JSON.stringify(s.body)}`);
  const tv = table.tv ?? table.tvCode;
  for (const p of [host, ...friends]) await p.goto(`${base}/t/${table.id}`);
  return { id: table.id, tv };
}

/** serverState opens a second connection from the page's own browser and returns the first game state the server sends it. */
export async function serverState(page, path) {
  return page.evaluate(
    (path) =>
      new Promise((ok, bad) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}${path}`);
        const t = setTimeout(() => bad(new Error("no state within 10 s")), 10_000);
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.t !== "state") return;
          clearTimeout(t);
          ws.close();
          ok({ v: m.v, ...m.d });
        };
        ws.onerror = () => bad(new Error("socket error"));
      }),
    path,
  );
}

/** shown reads what a page shows: its own hand, every player's public counts, the pieces on the board. */
export async function shown(page) {
  return page.evaluate(() => {
    const hand = document.querySelector('[data-testid="my-cards"]')?.getAttribute("data-hand") ?? null;
    const players = [...document.querySelectorAll('[data-testid^="player-"]')].map((li) => ({
      cards: Number(li.dataset.cards),
      dev: Number(li.dataset.dev),
      points: Number(li.dataset.points),
    }));
    const buildings = [...document.querySelectorAll("[data-building]")].map((g) => `${g.dataset.building}:${g.dataset.owner}:${g.dataset.city}`).sort();
    const roads = [...document.querySelectorAll("[data-road]")].map((g) => `${g.dataset.road}:${g.dataset.owner}`).sort();
    const hands = document.querySelectorAll('[data-testid="my-cards"]').length;
    return { hand, players, buildings, roads, hands };
  });
}

/** expected is what a page should show for a server view. */
export function expected(view) {
  const buildings = view.owner.flatMap((o, c) => (o >= 0 ? [`${c}:${o}:${view.city[c] ? 1 : 0}`] : [])).sort();
  const roads = view.road.flatMap((o, e) => (o >= 0 ? [`${e}:${o}`] : [])).sort();
  return {
    hand: view.me ? view.me.hand.join(",") : null,
    players: view.players.map((p) => ({ cards: p.cards, dev: p.devCards, points: p.points })),
    buildings,
    roads,
    hands: view.me ? 1 : 0,
  };
}

/** agrees waits until a page shows exactly what the server's view for it holds, and returns that view. */
export async function agrees(page, path, who) {
  let last = null;
  await until(
    `${who} to show the server's view`,
    async () => {
      const st = await serverState(page, path).catch((e) => {
        last = { error: String(e) };
        throw e;
      });
      const want = expected(st.view);
      const got = await shown(page);
      last = { want, got };
      return JSON.stringify(want) === JSON.stringify(got) ? st : null;
    },
    60_000,
  ).catch(() => fail(`${who} does not show the server's view:\n want ${JSON.stringify(last?.want)}\n got  ${JSON.stringify(last?.got)} ${last?.error ?? ""}`));
  return serverState(page, path);
}

const isPhone = (page) => page.viewportSize().width < 900;

/** version is the table version the page's action bar was drawn at. */
export const version = (page) => page.locator(".action-bar").evaluateAll((els) => els[0]?.getAttribute("data-version") ?? "none");

/** click clicks a control and waits until the page has a newer position or the control is gone. */
export async function clickMove(page, locator, what) {
  const before = await version(page);
  await locator.click();
  await until(`${what} to be answered`, async () => (await version(page)) !== before || (await locator.count()) === 0, 10_000);
}

/** tapSpot taps a spot on the board and, on a phone, confirms it. */
export async function tapSpot(page, spot, what) {
  if (isPhone(page)) {
    await spot.click();
    await clickMove(page, page.getByTestId("confirm"), `${what} (confirmed)`);
  } else {
    await clickMove(page, spot, what);
  }
}

/** discard chooses the owed cards from the largest piles and sends them. */
export async function discard(page) {
  const panel = page.getByTestId("discard");
  const owed = Number((await panel.locator("h2").textContent()).match(/\d+/)[0]);
  for (let k = 0; k < owed; k++) {
    const counts = await panel.locator("output[data-res]").evaluateAll((os) => os.map((o) => Number.parseInt(o.textContent, 10)));
    const max = await panel.locator("button[data-plus]").evaluateAll((bs) => bs.map((b) => !b.disabled));
    const r = max.findIndex((ok, i) => ok && counts[i] === Math.min(...counts.filter((_, j) => max[j])));
    await panel.locator(`button[data-plus="${r}"]`).click();
  }
  await clickMove(page, page.getByTestId("send-discard"), "the discard");
}

/**
 * step makes one plain move on a page, if the game waits on it: confirm,
 * discard, decline or withdraw an offer, steal, move the robber, place
 * (setup, free roads), roll, end. It returns what it did, or null.
 */
export async function step(page, { end = true, discards = true } = {}) {
  if (await page.getByTestId("ranking").count()) return null;
  if (await page.getByTestId("confirm").count()) {
    await clickMove(page, page.getByTestId("confirm"), "a confirmation");
    return "confirm";
  }
  if (discards && (await page.getByTestId("send-discard").count())) {
    await discard(page);
    return "discard";
  }
  const offer = page.getByTestId("open-offer");
  if (await offer.locator('button[data-move="decline"]').count()) {
    await clickMove(page, offer.locator('button[data-move="decline"]'), "a decline");
    return "decline";
  }
  if (await offer.locator('button[data-move="cancel"]').count()) {
    await clickMove(page, offer.locator('button[data-move="cancel"]'), "a withdrawal");
    return "cancel";
  }
  const steal = page.locator('.action-bar button[data-move="steal"]');
  if (await steal.count()) {
    await clickMove(page, steal.first(), "a steal");
    return "steal";
  }
  for (const sel of ['svg.hf-board [data-hex][role="button"]', "svg.hf-board [data-corner]", "svg.hf-board [data-edge]"]) {
    const spot = page.locator(sel);
    if ((await spot.count()) && !(await page.locator("button[data-build][aria-pressed=true]").count())) {
      await tapSpot(page, spot.first(), `a tap on ${sel}`);
      return "place";
    }
  }
  const roll = page.locator('.action-bar button[data-move="roll"]');
  if (await roll.count()) {
    await clickMove(page, roll, "the roll");
    return "roll";
  }
  const endTurn = page.locator('.action-bar button[data-move="end"]');
  if (end && (await endTurn.count())) {
    await clickMove(page, endTurn, "the end of the turn");
    return "end";
  }
  return null;
}

/** phaseOf reads the phase from a page's turn line. */
export const turnLine = (page) => page.getByTestId("turn-line").textContent();

/**
 * tryStep is step that survives the position changing under it (a computer
 * player standing in when a turn timer runs out): it logs and returns null.
 */
export async function tryStep(page, opts) {
  try {
    return await step(page, opts);
  } catch (e) {
    if (!/timed out|Timeout|detached|not attached|disabled/i.test(String(e))) throw e;
    log(`a move did not go through (the position changed): ${String(e).split("\n")[0]}`);
    return null;
  }
}

/**
 * tvShowsAll fails unless the TV shows everything at once: the page does
 * not scroll, nothing in the side column is cut at its right edge or hidden
 * under its foot or the presence bar (but the log's older lines), and no
 * text there is under 20 px.
 */
export async function tvShowsAll(tv, where) {
  await fitsScreen(tv, where);
  const bad = await tv.evaluate(() => {
    const side = document.querySelector(".tv-side");
    if (!side) return ["no side column"];
    const box = side.getBoundingClientRect();
    const bar = document.querySelector(".presence-tv")?.getBoundingClientRect();
    const foot = Math.min(box.bottom, innerHeight, bar && bar.left < box.right ? bar.top : Infinity);
    const right = Math.min(box.right, innerWidth);
    const out = [];
    for (const el of side.querySelectorAll("*")) {
      // The log shows its newest lines and lets older ones fall off its foot; the log itself must fit.
      if (el.closest(".sr-only") || el.parentElement?.closest(".log") || (el.closest("svg") && el.tagName.toLowerCase() !== "svg")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      const what = `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} "${el.textContent.trim().slice(0, 30)}"`;
      if (r.right > right + 1 || r.bottom > foot + 1)
        out.push(`${what} reaches ${Math.round(r.right)}×${Math.round(r.bottom)}, the screen shows to ${Math.round(right)}×${Math.round(foot)}`);
      else if (text && parseFloat(getComputedStyle(el).fontSize) < 20) out.push(`${what} is ${getComputedStyle(el).fontSize} high`);
    }
    return out;
  });
  if (bad.length) fail(`${where} does not show everything:\n${bad.slice(0, 10).join("\n")}`);
}
