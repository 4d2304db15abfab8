// Harborfall on the TV, in the shared TvFrame: the whole island, the turn
// line with the dice beside it (their room kept before the first roll), the
// players, and the log, which takes the room the players leave it (log.room):
// the panels that come and go (an open offer, discards owed, the supply)
// stand under it at one height. harborfall.css says how the log and some
// headings step aside on a screen shorter than a TV's.

import { keepNames } from "../../format";
import { t } from "../../i18n/i18n";
import type { TableStore } from "../../state";
import { Board, Dice, ResourceIcons } from "./Board";
import { offerText, turnLine } from "./moves";
import { DiceChart, PlayersPanel, PointsChart, Ranking, SupplyPanel } from "./Panels";
import { decodeView, lastVersion } from "./view";
import { TvFrame } from "../../components/TvFrame";

/** HarborfallTv is the island for the living-room TV, in the frame every TV shares: the whole board, who does what, and at the end the ranking. */
export function HarborfallTv({ store }: { store: TableStore }) {
  return (
    <TvFrame
      store={store}
      parts={({ data, game: g, over, colors }) => {
        const v = decodeView(g.view);
        const rollKey = lastVersion(data.log, data.logVersions, "roll");
        const owing = v.players.flatMap((p, s) => (p.owed > 0 ? [{ s, n: p.owed }] : []));
        return {
          game: "harborfall",
          class: `tv-play hf-tv ${over ? "hf-over" : ""}`,
          layout: { board: "tv-board hf-tv-board", side: "tv-side tv-bar-room" },
          before: <ResourceIcons />,
          turnLine: over
            ? null
            : keepNames(
                v.offer ? t("harborfall.tv.offer_turn", { who: v.players[v.active]?.name ?? "" }) : turnLine(v, -1),
                v.players.map((p) => p.name),
              ),
          // The dice keep their room before the first roll too, so the line beside them keeps its width.
          turn: {
            row: "hf-tv-status",
            beside: (
              <span class="hf-tv-dice">
                <Dice dice={v.dice} rollKey={rollKey} size={64} />
              </span>
            ),
          },
          board: <Board view={v} colors={colors} rollKey={rollKey} label={t("harborfall.board.label")} />,
          side: <PlayersPanel view={v} colors={colors} me={-1} big />,
          // The log stands above the panels that come and go (an offer, discards, the supply), which take their room
          // from its foot: nothing above them moves as they change. It takes the room the players leave it.
          log: { limit: 6, id: "hf-log-h", room: true },
          // The foot keeps one height whichever of its panels shows, so the log's last row does not come and go with every offer.
          foot: (
            <div class="hf-tv-foot">
              {v.offer ? (
                <section class="panel tv-trade" data-testid="tv-offer">
                  <h2>{t("harborfall.offer.open")}</h2>
                  <p>{offerText(v, -1)}</p>
                </section>
              ) : null}
              {owing.length > 0 ? (
                <section class="panel tv-trade" data-testid="tv-owing">
                  <h2>{t("harborfall.tv.owed")}</h2>
                  <p>{owing.map((o) => t("harborfall.tv.owes", { who: v.players[o.s]?.name ?? "", n: o.n })).join(" · ")}</p>
                </section>
              ) : null}
              {/* While an offer or a discard is open, its panel and the players' answers take the supply's room, so the log keeps its lines. */}
              {v.offer || owing.length > 0 ? null : <SupplyPanel view={v} />}
            </div>
          ),
          final: (
            <>
              <Ranking result={g.result} view={v} colors={colors} />
              <div class="hf-tv-charts">
                <section class="panel">
                  <PointsChart view={v} result={g.result} colors={colors} width={480} height={330} />
                </section>
                <section class="panel">
                  <DiceChart view={v} width={480} height={330} />
                </section>
              </div>
            </>
          ),
        };
      }}
    />
  );
}
