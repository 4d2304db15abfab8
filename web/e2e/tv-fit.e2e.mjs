// Every game's TV at 1920 × 1080 fits and holds still. For each game, a table
// of four seats and one of the most seats the game allows (one table when
// that is four) is opened through the API: the host and computer players,
// with the TV page open. The TV is measured (lib's tvFits: no text under
// 20 px, nothing cut by a hidden overflow, no scrolling) at the start, when
// the game first waits on the host; during play, after the computer players
// have played the host's seat for a stretch and the game waits on her again;
// and at the end. From the first wait on the host to the end the TV's
// layout shift (the sum of every shift without recent input, as browsers
// measure it) stays under 0.05: every move, the host's seat handed to the
// computer players and back, the end block. The computer players take 100 ms
// a move, so a short game ends within a minute.

import { fail, log, pageApi, setStep, shifts, TV, tvFits, until, watchErrors, watchShifts } from "./lib.mjs";

export const serverArgs = ["-bot-delay", "100ms"];

/** How long the computer players play the host's seat before she takes it back. */
const STRETCH = 4_000;

/** The most layout shift a TV may sum over a whole game. */
const MOST_SHIFT = 0.05;

const GAMES = [
  { id: "holdings", name: "Harbor Holdings", seats: [4, 6], options: { roundLimit: 6 } },
  { id: "harborfall", name: "Harborfall", seats: [4, 6], options: { turnLimit: 16 } },
  { id: "greatharbor", name: "The Great Harbor", seats: [4], options: {} },
  { id: "neko", name: "Neko Harbour", seats: [4], options: {} },
];

/** lobby reads the table's lobby as the host sees it. */
const lobby = async (host, id) => (await pageApi(host, "GET", `/api/tables/${id}`)).body;

/** hand gives the host's seat to a computer player (computer true) or takes it back. */
async function hand(host, id, computer) {
  const r = await pageApi(host, "POST", `/api/tables/${id}/hand`, { seat: 0, computer });
  if (r.status !== 200) fail(`handing the host's seat ${computer ? "over" : "back"}: ${r.status} ${JSON.stringify(r.body)}`);
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
  const only = (process.env.TV_FIT_GAMES ?? "").split(",").filter(Boolean);
  for (const g of GAMES.filter((g) => only.length === 0 || only.includes(g.id))) {
    for (const seats of g.seats) {
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
      const tv = await ctx.newPage(TV);
      const errors = watchErrors({ tv });
      await tv.goto(`${base}/tv/${made.body.tv ?? made.body.tvCode}`);
      await until("the TV's presence bar", () => tv.getByTestId("presence-tv").count());

      setStep(`${label}: the TV at the start`);
      await waitsOnHost(host, id, "the game to wait on the host");
      await still(tv);
      await check(tv, `the ${label} TV at the start`, `${tag}-1-start`);

      // From here to the end the TV's layout shift is summed: every move of the game, the seat
      // handed to a computer player and back, and the end block taking the board's side.
      setStep(`${label}: the computer players play the host's seat too`);
      await watchShifts(tv);
      await hand(host, id, true);
      await new Promise((r) => setTimeout(r, STRETCH));
      await hand(host, id, false);

      setStep(`${label}: the TV during play`);
      await waitsOnHost(host, id, "the game to wait on the host again");
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
      if (errors.length) problems.push(`script errors on the ${label} TV:\n${errors.join("\n")}`);
      await tv.context().close();
    }
  }
  if (problems.length) fail(`${problems.length} problems:\n${problems.join("\n")}`);
}
