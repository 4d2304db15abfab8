// Every game's TV at 1920 × 1080 fits and holds still. For each game, a table
// of four seats and one of the most seats the game allows (one table when
// that is four) is opened through the API: the host and computer players,
// with the TV page open. The TV is measured (lib's tvFits: no text under
// 20 px, nothing cut by a hidden overflow, no scrolling) at the start, when
// the game first waits on the host; during play, after a stretch of STRETCH
// moves, when the game waits on her alone again; and at the end, where no
// label of an end chart may reach past its drawing. Through the stretch the
// scenario plays the host's seat itself (her first legal move, each time the
// game waits on her alone), so the stretch ends at the same position every
// run whatever the machine's speed. From the first wait on the host to the
// end the TV's layout shift (the sum of every shift without recent input, as
// browsers measure it) stays under 0.05: every move, the host's seat handed
// to the computer players, the end block. The computer players take 100 ms a
// move, so a short game ends within a minute.

import { everyGame, onlyGames } from "./games.mjs";
import { fail, log, pageApi, setStep, shifts, TV, tvFits, until, watchErrors, watchShifts } from "./lib.mjs";

export const serverArgs = ["-bot-delay", "100ms"];

/** How many moves the game makes while the TV's layout shift is summed. */
const STRETCH = 40;

/** The most layout shift a TV may sum over a whole game. */
const MOST_SHIFT = 0.05;

/**
 * Each game, by id: its options for a game long enough for the stretch and
 * short enough to end within a minute. The seats are four and the game's
 * most. A game the server registers with screens but missing here fails the
 * scenario (games.mjs).
 */
const GAMES = {
  holdings: { options: { roundLimit: 6 } },
  harborfall: { options: { turnLimit: 16 } },
  greatharbor: { options: { shops: true } },
  neko: { options: {} },
};

/**
 * chartCuts lists the labels of the TV's charts whose box (the glyphs' full
 * height, as the browser lays the text out) reaches past their drawing's
 * box, which clips them: a top label must not be shaved.
 */
const chartCuts = (tv) =>
  tv.evaluate(() =>
    [...document.querySelectorAll("figure.chart svg text")].flatMap((t) => {
      const d = t.ownerSVGElement.getBoundingClientRect();
      const b = t.getBoundingClientRect();
      const over = Math.max(d.top - b.top, b.bottom - d.bottom, d.left - b.left, b.right - d.right);
      return over > 0.5 ? [`"${t.textContent.trim()}" reaches ${over.toFixed(1)} px past its chart`] : [];
    }),
  );

/** lobby reads the table's lobby as the host sees it. */
const lobby = async (host, id) => (await pageApi(host, "GET", `/api/tables/${id}`)).body;

/** hand gives the host's seat to a computer player (computer true) or takes it back. */
async function hand(host, id, computer) {
  const r = await pageApi(host, "POST", `/api/tables/${id}/hand`, { seat: 0, computer });
  if (r.status !== 200) fail(`handing the host's seat ${computer ? "over" : "back"}: ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * sit connects a WebSocket of the host's page to table id and keeps it open
 * until leave: she is at the table the whole game (her seat connected, no
 * stand-in counting down), and the page keeps the last state the server sent
 * her, for hostStep.
 */
const sit = (host, id) =>
  host.evaluate(
    (id) =>
      new Promise((ok, bad) => {
        const seat = { ws: new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws?table=${id}`), state: null, sent: -1, error: null };
        window.__seat = seat;
        seat.ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.t === "state") {
            seat.state = { v: m.v, ...m.d };
            ok();
          } else if (m.t === "error") seat.error = JSON.stringify(m.d);
        };
        seat.ws.onerror = () => bad(new Error("the host's WebSocket failed"));
      }),
    id,
  );

/** leave closes the host's WebSocket of sit. */
const leave = (host) => host.evaluate(() => window.__seat?.ws.close());

/**
 * hostStep looks at the last state the host's socket (sit) got: when the game
 * waits on her alone, short of version `until`, it sends her first legal move.
 * It returns whether the stretch is over: the game waits on her alone at
 * `until` or later, or has ended. While computer players are to move, or her
 * move is not answered yet, it does nothing.
 */
const hostStep = (host, until) =>
  host.evaluate((until) => {
    const seat = window.__seat;
    if (seat.error) return { error: seat.error };
    const s = seat.state;
    if (s.v <= seat.sent) return { done: false, moved: false };
    const alone = s.actors.length === 1 && s.actors[0] === 0;
    if (s.result.over || (alone && s.v >= until)) return { done: true, moved: false };
    if (!alone) return { done: false, moved: false };
    seat.sent = s.v;
    seat.ws.send(JSON.stringify({ t: "move", v: s.v, d: s.legal[0] }));
    return { done: false, moved: true };
  }, until);

/** playHost plays the host's seat (see hostStep) until the game has made `moves` more moves and waits on her alone, or has ended; it returns how many of the moves were hers. */
async function playHost(host, id, moves) {
  const to = (await lobby(host, id)).version + moves;
  let hers = 0;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const step = await hostStep(host, to);
    if (step.error) fail(`the host's move was refused: ${step.error}`);
    if (step.done) return hers;
    if (step.moved) hers++;
    else await new Promise((r) => setTimeout(r, 50));
  }
  fail(`the game did not reach version ${to} within 2 minutes`);
}

/** still waits until the TV shows the same text for a moment and no animation of its runs. */
async function still(tv) {
  let last = "";
  await until(
    "the TV to hold still",
    async () => {
      const now = await tv.evaluate(() => {
        const running = document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity).length;
        return `${running}|${document.body.innerText}`;
      });
      const same = now === last && now.startsWith("0|");
      last = now;
      if (!same) await new Promise((r) => setTimeout(r, 400));
      return same;
    },
    30_000,
  );
}

/** waitsOnHost waits until the game waits on the host (seat 0), or is over. */
async function waitsOnHost(host, id, what) {
  await until(
    what,
    async () => {
      const l = await lobby(host, id);
      return l.status === "finished" || l.waiting.includes(0);
    },
    60_000,
  );
}

export default async function scenario(ctx) {
  const { base } = ctx;
  const host = await ctx.newPage({ viewport: { width: 800, height: 600 } });
  await host.goto(`${base}/`);
  const problems = [];
  const check = async (tv, what, file) => {
    try {
      await tvFits(tv, what, file);
    } catch (e) {
      problems.push(e.message);
      log(e.message);
    }
  };

  // TV_FIT_GAMES=holdings,neko measures only those games (while working on their TV screens).
  for (const g of await everyGame(base, "tv-fit", GAMES, onlyGames("TV_FIT_GAMES"))) {
    for (const seats of [...new Set([Math.min(4, g.info.maxPlayers), g.info.maxPlayers])]) {
      const label = `${g.name} with ${seats} seats`;
      const tag = `${g.id}-${seats}`;
      setStep(`${label}: the host and ${seats - 1} computer players, the TV open`);
      const made = await pageApi(host, "POST", "/api/tables", { game: g.id, name: "Maximiliana Featherstone", options: g.options });
      if (made.status !== 201) fail(`opening a ${g.id} table: ${made.status} ${JSON.stringify(made.body)}`);
      const { id } = made.body;
      for (let s = 1; s < seats; s++) {
        const r = await pageApi(host, "POST", `/api/tables/${id}/bots`, {});
        if (r.status !== 200) fail(`adding a computer player: ${r.status} ${JSON.stringify(r.body)}`);
      }
      const started = await pageApi(host, "POST", `/api/tables/${id}/start`);
      if (started.status !== 200) fail(`starting: ${started.status} ${JSON.stringify(started.body)}`);
      await sit(host, id);
      const tv = await ctx.newPage(TV);
      const errors = watchErrors({ tv });
      await tv.goto(`${base}/tv/${made.body.tv ?? made.body.tvCode}`);
      await until("the TV's presence bar", () => tv.getByTestId("presence-tv").count());

      setStep(`${label}: the TV at the start`);
      await waitsOnHost(host, id, "the game to wait on the host");
      await still(tv);
      await check(tv, `the ${label} TV at the start`, `${tag}-1-start`);

      // From here to the end the TV's layout shift is summed: every move of the game, the seat
      // handed to a computer player, and the end block taking the board's side.
      setStep(`${label}: ${STRETCH} moves, the host's seat played by her first legal move`);
      await watchShifts(tv);
      const hers = await playHost(host, id, STRETCH);
      log(`${label}: ${STRETCH} moves of play (${hers} of them the host's), up to version ${(await lobby(host, id)).version}`);

      setStep(`${label}: the TV during play`);
      if ((await lobby(host, id)).status === "finished") fail(`the ${label} game ended before the TV could be measured during play`);
      await still(tv);
      await check(tv, `the ${label} TV during play`, `${tag}-2-play`);

      setStep(`${label}: the computer players play to the end`);
      await hand(host, id, true);
      await until(`the ${label} game to end`, async () => (await lobby(host, id)).status === "finished", 180_000);
      await still(tv);
      const moved = await shifts(tv);
      log(
        `${label}: layout shift ${moved.sum.toFixed(3)} over ${moved.count} shifts in the whole game${moved.top
          .slice(0, 3)
          .map((e) => `\n  ${e.value.toFixed(3)}: ${e.sources.join("; ")}`)
          .join("")}`,
      );
      if (moved.sum >= MOST_SHIFT)
        problems.push(
          `the ${label} TV's layout shift over the game is ${moved.sum.toFixed(3)} (under ${MOST_SHIFT}); the largest:\n  ${moved.top
            .map((e) => `${e.value.toFixed(3)}: ${e.sources.join("; ")}`)
            .join("\n  ")}`,
        );
      await check(tv, `the ${label} TV at the end`, `${tag}-3-end`);
      const cut = await chartCuts(tv);
      if (cut.length) problems.push(`the ${label} TV's end charts cut their labels: ${cut.join("; ")}`);
      if (errors.length) problems.push(`script errors on the ${label} TV:\n${errors.join("\n")}`);
      await leave(host);
      await tv.context().close();
    }
  }
  if (problems.length) fail(`${problems.length} problems:\n${problems.join("\n")}`);
}
