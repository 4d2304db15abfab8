// The Great Harbor on the living-room TV (1920 × 1080): across the top the
// turn line and the key to the icons; under them the Harbor large on the left
// with every die and fee, the Dice Bonus tile and the voyages under it; beside
// it the draft as it happens, a row per player (name, hand and
// resources) and the Automa, what just happened and the cards on offer. Every
// part keeps its place and its size from phase to phase, so the screen holds
// still while the game goes on.

import type { TableStore } from "../../state";
import { AutomaTurnPanel } from "./AutomaTurn";
import { Harbor } from "./Harbor";
import {
  AutomaPanel,
  BonusTile,
  CompetitorBadge,
  DemandIcons,
  OrderLine,
  PrestigeChart,
  Resources,
  ScoreTable,
  ShipSpot,
  TvOffer,
  voyageSegments,
} from "./Panels";
import { Amount, DieChip, Icon } from "./icons";
import { freshSlot, statusLine } from "./Player";
import { t } from "../../i18n/i18n";
import { dieWords } from "./moves";
import { diceAt, LOC, decodeView, type GreatHarborView } from "./view";
import { TvFrame } from "../../components/TvFrame";

function TvPlayers({ v, colors }: { v: GreatHarborView; colors: string[] }) {
  return (
    <ul class="gh-tv-players">
      {Array.from({ length: v.n }, (_, seat) => {
        const p = v.players[seat]!;
        const hand = v.handSizes[seat] ?? [0, 0, 0];
        const drafted = diceAt(v, LOC.drafted, seat);
        return (
          <li key={seat} class={v.actor === seat ? "gh-on-turn" : ""} data-testid={`tv-player-${seat}`}>
            <div class="gh-tv-name">
              <CompetitorBadge v={v} id={seat} colors={colors} size={26} /> {v.names[seat]}
              {seat === v.anchor ? <Icon name="anchor" size={24} label={t("greatharbor.ui.holds_anchor")} /> : null}
              {drafted.map((d) => (
                <DieChip key={d.id} colour={d.colour} face={d.face} size={28} label={t("greatharbor.ui.tv.drafted", { die: dieWords(d.colour, d.face) })} />
              ))}
              <span class="gh-tv-hand">
                {t("greatharbor.ui.tv.hand")} <Amount n={hand[0] ?? 0} icon="person" label={t("greatharbor.ui.hand.people", { n: hand[0] ?? 0 })} />{" "}
                <Amount n={hand[1] ?? 0} icon="building" label={t("greatharbor.ui.hand.buildings", { n: hand[1] ?? 0 })} />{" "}
                <Amount n={hand[2] ?? 0} icon="ship" label={t("greatharbor.ui.hand.ships", { n: hand[2] ?? 0 })} />{" "}
                {t("greatharbor.ui.tv.ships_out", { n: p.ships.filter((s) => s.card >= 0 && s.where !== 0).length })}
              </span>
            </div>
            <Resources p={p} />
          </li>
        );
      })}
    </ul>
  );
}

/** TvDistrict: the Smuggler dice of this round and the dice placed in the District; its row stays, empty, when there are none. */
function TvDistrict({ v }: { v: GreatHarborView }) {
  const smugglers = diceAt(v, LOC.smuggler);
  const placed = diceAt(v, LOC.district);
  return (
    <div class="gh-row gh-tv-district" data-testid="tv-district">
      {smugglers.length ? <span class="gh-label">{t("greatharbor.ui.smuggler_dice")}</span> : null}
      {smugglers.map((d) => (
        <DieChip key={d.id} colour={d.colour} face={d.face} size={36} label={t("greatharbor.ui.smuggler_die", { n: dieWords(d.colour, d.face) })} />
      ))}
      {placed.length ? <span class="gh-label">{t("greatharbor.ui.tv.in_district")}</span> : null}
      {placed.map((d) => (
        <DieChip key={d.id} colour={d.colour} face={d.face} size={36} label={t("greatharbor.ui.tv.die_in_district", { die: dieWords(d.colour, d.face) })} />
      ))}
    </div>
  );
}

/**
 * TvVoyages is the three segments of the voyage track under the Harbor, one
 * line each in fixed columns: the ships at sea, what trade pays, how far home
 * is, the Demand tiles and the pirates once revealed. The words stand once, in
 * the columns' heads, and the lines hold only numbers and icons, so the table
 * keeps its width in a language of longer words.
 */
function TvVoyages({ v, colors }: { v: GreatHarborView; colors: string[] }) {
  return (
    <table class="gh-tv-voyages" data-testid="gh-voyage">
      <caption class="sr-only">{t("greatharbor.ui.voyages")}</caption>
      <colgroup>
        <col class="gh-tv-voy-seg" />
        <col class="gh-tv-voy-ships" />
        <col class="gh-tv-voy-trade" />
        <col class="gh-tv-voy-home" />
        <col class="gh-tv-voy-demand" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{t("greatharbor.ui.tv.col_segment")}</th>
          <th scope="col">{t("greatharbor.ui.tv.col_ships")}</th>
          <th scope="col">{t("greatharbor.ui.tv.col_trade")}</th>
          <th scope="col">{t("greatharbor.ui.tv.col_home")}</th>
          <th scope="col">{t("greatharbor.ui.tv.demand")}</th>
          <th scope="col">{t("greatharbor.ui.icon.pirate")}</th>
        </tr>
      </thead>
      <tbody>
        {voyageSegments(v).map(({ g, seg, demand, owners, pirate, now }) => (
          <tr key={g} class={now ? "gh-now" : ""} data-testid={`segment-${g}`}>
            <th scope="row">
              <Icon name="ship" label={false} /> <span aria-hidden="true">{g + 1}</span>
              <span class="sr-only">{t("greatharbor.ui.segment", { n: g + 1 })}</span>
            </th>
            <td>
              {owners.map((o, i) => (
                <ShipSpot key={i} v={v} o={o} i={i} colors={colors} size={24} />
              ))}
            </td>
            <td>
              <Amount n={seg.coins} icon="coins" /> <Amount n={seg.prestige} icon="prestige" />
            </td>
            <td>{seg.returnDistance}</td>
            <td>
              <DemandIcons demand={demand} />
            </td>
            <td>
              {pirate >= 0 ? (
                <>
                  <Icon name="pirate" label={false} /> {pirate}
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** GreatHarborTv is the Harbor for the living-room TV, in the frame every TV shares. */
export function GreatHarborTv({ store }: { store: TableStore }) {
  return (
    <TvFrame
      store={store}
      parts={({ data, game: g, over, colors }) => {
        const v = decodeView(g.view);
        const pool = diceAt(v, LOC.pool);
        // Each part of the column keeps its place and its height from phase to phase.
        // The cards on offer stand at its foot; during the draft the Automa's turn,
        // when it has one, takes their place (nobody takes a card then). What just
        // happened has the room left between them, in whole lines. The Automa's
        // panel keeps the same lines throughout.
        const automaTurn = Boolean(v.automa?.last) && v.phase === "draft";
        return {
          game: "greatharbor",
          class: `gh-tv ${over ? "gh-tv-over" : ""}`,
          layout: { board: "gh-tv-board", side: "gh-tv-side tv-bar-room" },
          turnLine: statusLine(v, -1),
          turn: { class: "gh-tv-status", head: "gh-tv-head" },
          key: "head",
          board: (
            <>
              <Harbor view={v} colors={colors} fresh={freshSlot(data.log, data.logVersions)} label={t("greatharbor.ui.the_harbor")} tv />
              {over ? null : (
                <>
                  <BonusTile v={v} />
                  <TvVoyages v={v} colors={colors} />
                </>
              )}
            </>
          ),
          side: (
            <>
              <div class="gh-tv-draft" data-testid="tv-draft">
                {pool.length ? <span>{t("greatharbor.ui.rolled")}</span> : null}
                {pool.map((d) => (
                  <DieChip key={d.id} colour={d.colour} face={d.face} size={44} label={dieWords(d.colour, d.face)} />
                ))}
                <OrderLine v={v} colors={colors} />
              </div>
              <TvDistrict v={v} />
              <TvPlayers v={v} colors={colors} />
              <AutomaPanel v={v} colors={colors} tv brief={automaTurn} />
            </>
          ),
          log: { limit: 12, id: "gh-tv-log-h", extra: "gh-tv-log", quiet: true },
          foot: automaTurn ? <AutomaTurnPanel v={v} tv /> : <TvOffer v={v} />,
          final: v.scores.length ? (
            <>
              <ScoreTable v={v} result={g.result} colors={colors} />
              <PrestigeChart v={v} colors={colors} width={900} height={140} />
            </>
          ) : null,
        };
      }}
    />
  );
}
