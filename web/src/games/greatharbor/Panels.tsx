// The Great Harbor's panels around the Harbor: the draft, the District and
// Dice Bonus tile, each colony, the Automa, the voyages, the card displays,
// the end of the game. They show the view; none holds a rule.

import type { ComponentChildren } from "preact";
import { nextCardWords } from "./AutomaTurn";
import { SeatChart, seatLine, type ChartLine } from "../../components/SeatChart";
import { SeatBadge, shapePath } from "../../components/SeatBadge";
import { RankingTable, type ScoreColumn } from "../../components/RankingTable";
import type { GameResult } from "../../protocol";
import { formatList, t } from "../../i18n/i18n";
import { BUILDINGS, COLOURS, CONVERSIONS, GOVERNORS, PEOPLE, SEGMENTS, SHIPS, SMUGGLER_CHART, STATS } from "./content";
import { Card, CardFace } from "./Card";
import { type CardKind, cardWords } from "./cards";
import { Amount, COLOUR_MARKS, DieChip, GainIcons, Icon, type IconName, LUX_ICONS, RES_ICONS } from "./icons";
import { bitList, competitorName, competitors, diceAt, LOC, WHERE, type GreatHarborView, type Player, type Score, type Ship } from "./view";
import { dieWords, statName } from "./moves";
import { colourName, conversionName, governorName, luxName, resName, shipName } from "./words";

/** CompetitorBadge is a seat's token, or the Automa's (a gear-like star in gray). */
export function CompetitorBadge({ v, id, colors, size = 24 }: { v: GreatHarborView; id: number; colors: string[]; size?: number }) {
  if (id === v.n && v.automa) {
    return (
      <svg class="seat-badge" width={size} height={size} viewBox="-12 -12 24 24" role="img" aria-label={t("greatharbor.ui.automa")}>
        <path d={shapePath("star", 8)} fill="#6b6b6b" stroke="#111" />
      </svg>
    );
  }
  return <SeatBadge seat={id} color={colors[id]} size={size} />;
}

/** DraftPanel: the rolled pool, whose pick it is, what each color gives on the Dice Bonus tile, and the Smuggler dice. */
export function DraftPanel({ v, colors }: { v: GreatHarborView; colors: string[] }) {
  const pool = diceAt(v, LOC.pool);
  const smugglers = diceAt(v, LOC.smuggler);
  return (
    <section class="panel gh-draft" aria-labelledby="gh-draft-h" data-testid="gh-draft">
      <h2 id="gh-draft-h">{t("greatharbor.ui.panel.dice")}</h2>
      <div class="gh-row">
        <span class="gh-label">{t("greatharbor.ui.rolled")}</span>
        {pool.length ? (
          pool.map((d) => <DieChip key={d.id} colour={d.colour} face={d.face} label={dieWords(d.colour, d.face)} />)
        ) : (
          <span class="hint">{t("greatharbor.ui.panel.none_waiting")}</span>
        )}
      </div>
      <div class="gh-row">
        <span class="gh-label">{t("greatharbor.ui.panel.drafted")}</span>
        {Array.from({ length: competitors(v) }, (_, id) => {
          const mine = diceAt(v, LOC.drafted, id);
          if (!mine.length) return null;
          return (
            <span key={id} class="gh-drafted" data-testid={`drafted-${id}`}>
              <CompetitorBadge v={v} id={id} colors={colors} size={18} /> {competitorName(v, id)}
              {mine.map((d) => (
                <DieChip
                  key={d.id}
                  colour={d.colour}
                  face={d.face + d.bonus}
                  label={d.bonus ? t("greatharbor.ui.panel.die_plus", { die: dieWords(d.colour, d.face), n: d.bonus }) : dieWords(d.colour, d.face)}
                  size={26}
                />
              ))}
              <span class="gh-small">= {mine.reduce((t, d) => t + d.face, 0)}</span>
            </span>
          );
        })}
      </div>
      {v.phase === "draft" ? <p class="gh-small">{t("greatharbor.ui.panel.order_rule")}</p> : null}
      <BonusTile v={v} />
      {smugglers.length ? (
        <div class="gh-row">
          <span class="gh-label">{t("greatharbor.ui.smuggler_dice")}</span>
          {smugglers.map((d) => (
            <DieChip key={d.id} colour={d.colour} face={d.face} label={t("greatharbor.ui.smuggler_die", { n: dieWords(d.colour, d.face) })} size={26} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** BonusTile shows which resource a die of each color brings now. */
export function BonusTile({ v }: { v: GreatHarborView }) {
  return (
    <div class="gh-row gh-bonus" role="group" aria-label={t("greatharbor.ui.panel.bonus_label")}>
      <span class="gh-label">{t("greatharbor.ui.panel.bonus")}</span>
      {COLOURS.map((c, i) => (
        <span key={c} class={`gh-bonus-item gh-c${i}`}>
          <span aria-hidden="true">{COLOUR_MARKS[i]}</span> {colourName(i)} → <Icon name={RES_ICONS[v.bonusTile[i] ?? 0]!} size={18} />
        </span>
      ))}
    </div>
  );
}

/** OrderLine says the action order of this turn and whose action it is; those who have acted are dimmed with a check mark, their names whole. */
export function OrderLine({ v, colors }: { v: GreatHarborView; colors: string[] }) {
  if (v.phase !== "action" && v.phase !== "final_convert") return null;
  return (
    <ol class="gh-order" aria-label={t("greatharbor.ui.panel.action_order")}>
      {v.order.slice(0, v.n).map((seat, i) => {
        const done = i < v.orderIdx;
        return (
          <li key={i} class={i === v.orderIdx ? "gh-now" : done ? "gh-done" : ""}>
            {done ? (
              <span class="gh-done-mark" aria-hidden="true">
                ✓
              </span>
            ) : null}
            <SeatBadge seat={seat} color={colors[seat]} size={18} /> {v.names[seat]}
            {seat === v.anchor ? <Icon name="anchor" size={16} label={t("greatharbor.ui.holds_anchor")} /> : null}
            {done ? <span class="sr-only">{t("greatharbor.ui.panel.has_acted")}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** DistrictPanel: the Smuggler's District's dice and what a die there pays. */
export function DistrictPanel({ v }: { v: GreatHarborView }) {
  const placed = diceAt(v, LOC.district);
  return (
    <section class="panel gh-district" aria-labelledby="gh-district-h">
      <h2 id="gh-district-h">
        <Icon name="smuggler" label={false} /> {t("greatharbor.ui.district")}
      </h2>
      <div class="gh-row">
        {placed.length ? (
          placed.map((d) => (
            <span key={d.id} class="gh-drafted">
              <DieChip colour={d.colour} face={d.face} label={dieWords(d.colour, d.face)} size={26} /> {competitorName(v, d.at)}
            </span>
          ))
        ) : (
          <span class="hint">{t("greatharbor.ui.panel.no_dice")}</span>
        )}
      </div>
      <p class="hint">{t("greatharbor.ui.panel.district_pays")}</p>
      <ol class="gh-chart">
        {SMUGGLER_CHART.map((g, i) => (
          <li key={i}>
            <DieChip colour={0} face={i + 1} size={22} label={`${i + 1}`} /> <GainIcons gain={g} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** shipWhere says where a ship is: docked, at sea or sailing home. */
const shipWhere = (ship: Ship) =>
  ship.where === WHERE.docked
    ? t("greatharbor.ui.ship.docked")
    : ship.where === WHERE.out
      ? t("greatharbor.ui.ship.at_sea", { n: ship.seg + 1 })
      : t("greatharbor.ui.ship.sailing_home", { n: ship.dist });

function ShipLine({ ship, dock }: { ship: Ship; dock: number }) {
  if (ship.card < 0) return <li class="hint gh-dock-empty">{t("greatharbor.ui.ship.dock_empty", { n: dock + 1 })}</li>;
  const crew = STATS.flatMap((_, s) => ((ship.crew >> s) & 1 ? [statName(s)] : []));
  const where = shipWhere(ship);
  const crewed = crew.length ? t("greatharbor.ui.ship.crew", { stats: crew.join(", ") }) : "";
  const damage = ship.damage ? t("greatharbor.ui.ship.damage", { n: ship.damage }) : "";
  const note = t("greatharbor.ui.ship.note", { n: dock + 1, where, crew: crewed, damage });
  return (
    <li data-testid={`dock-${dock}`} data-where={ship.where}>
      <Card kind="ship" n={ship.card} note={note} />
    </li>
  );
}

/** Resources shows a colony's tracks and tokens with the game's icons. */
export function Resources({ p }: { p: Player }) {
  return (
    <div class="gh-res" data-testid="gh-res">
      {p.res.map((k, r) => (
        <span key={r} class="gh-track" role="img" aria-label={t("greatharbor.ui.track", { res: resName(r), n: k })}>
          <Icon name={RES_ICONS[r]!} label={false} />
          <span aria-hidden="true" class="gh-pips">
            {Array.from({ length: 5 }, (_, i) => (
              <i key={i} class={i < k ? "on" : ""} />
            ))}
          </span>
          <span aria-hidden="true">{k}</span>
        </span>
      ))}
      <Amount n={p.coins} icon="coins" />
      <Amount n={p.prestige} icon="prestige" />
      <Amount n={p.favor} icon="favor" />
      <Amount n={p.smuggler} icon="smuggler" label={t("greatharbor.ui.amount_smuggler", { n: p.smuggler })} />
      <Amount n={p.free} icon="colonist" label={t("greatharbor.ui.amount_free", { n: p.free })} />
      {p.lux.map((k, l) => (k > 0 ? <Amount key={l} n={k} icon={LUX_ICONS[l]!} /> : null))}
    </div>
  );
}

/** CardGroup is a titled row of cards (list items). */
function CardGroup({ icon, title, children }: { icon: IconName; title: string; children: ComponentChildren }) {
  return (
    <div class="gh-card-group">
      <p class="gh-card-group-h">
        <Icon name={icon} size={16} label={false} /> {title}
      </p>
      <ul class="gh-cards" aria-label={title}>
        {children}
      </ul>
    </div>
  );
}

/** HandGroup is one kind of card in the viewer's hand, or "none". */
function HandGroup({ icon, title, kind, cards }: { icon: IconName; title: string; kind: CardKind; cards: number[] }) {
  if (!cards.length)
    return (
      <p class="gh-small gh-card-group-h">
        <Icon name={icon} size={16} label={false} /> {t("greatharbor.ui.hand.none", { title })}
      </p>
    );
  return (
    <CardGroup icon={icon} title={title}>
      {cards.map((c) => (
        <li key={c}>
          <Card kind={kind} n={c} testid={`hand-${kind}-${c}`} />
        </li>
      ))}
    </CardGroup>
  );
}

/** Colony is one player's public board (and, for the viewer, the hand). */
export function Colony({ v, seat, colors, mine }: { v: GreatHarborView; seat: number; colors: string[]; mine: boolean }) {
  const p = v.players[seat];
  if (!p) return null;
  const hand = v.handSizes[seat] ?? [0, 0, 0];
  const people = p.people.flatMap((col, c) => col.map((card, l) => ({ card, c, l })).filter((x) => x.card >= 0));
  const gov = GOVERNORS[p.governor];
  return (
    <section
      class={`panel gh-colony ${mine ? "gh-mine" : ""} ${v.actor === seat ? "gh-on-turn" : ""}`}
      aria-labelledby={`gh-col-${seat}`}
      data-testid={`colony-${seat}`}
    >
      <h2 id={`gh-col-${seat}`}>
        <SeatBadge seat={seat} color={colors[seat]} size={22} /> {mine ? t("greatharbor.ui.colony.yours") : v.names[seat]}
        {v.actor === seat ? <span class="tag tag-turn">{t("greatharbor.ui.colony.on_turn")}</span> : null}
        {seat === v.anchor ? <Icon name="anchor" size={18} label={t("greatharbor.ui.holds_anchor")} /> : null}
      </h2>
      <Resources p={p} />
      <p class="gh-small">
        {t("greatharbor.ui.colony.line", {
          governor: gov ? governorName(p.governor) : "?",
          senate: COLOURS.map((_c, i) => `${COLOUR_MARKS[i]}${p.senate[i]}`).join(" "),
          huts: bitList(p.huts).length,
          insulae: bitList(p.insula).length,
          shops: v.shops ? t("greatharbor.ui.colony.shops_left", { n: p.shops }) : "",
          production: p.production.map(luxName).join(", "),
        })}
      </p>
      {people.length ? (
        <CardGroup icon="person" title={t("greatharbor.ui.colony.people_in_play")}>
          {people.map((x) => (
            <li key={x.card}>
              <Card
                kind="person"
                n={x.card}
                note={t(p.marked[x.c]?.[x.l] ? "greatharbor.ui.colony.column_used" : "greatharbor.ui.colony.column", { n: x.c + 1 })}
              />
            </li>
          ))}
        </CardGroup>
      ) : null}
      {p.buildings ? (
        <CardGroup icon="building" title={t("greatharbor.ui.group.buildings")}>
          {bitList(p.buildings).map((b) => (
            <li key={b}>
              <Card kind="building" n={b} note={(p.employed >> b) & 1 ? t("greatharbor.ui.colony.staffed") : undefined} />
            </li>
          ))}
        </CardGroup>
      ) : null}
      <ul class="gh-ships gh-cards" aria-label={t("greatharbor.ui.colony.docks")}>
        {p.ships.map((s, d) => (
          <ShipLine key={d} ship={s} dock={d} />
        ))}
      </ul>
      {mine ? (
        <div class="gh-hand" data-testid="my-hand">
          <h3>{t("greatharbor.ui.colony.your_hand")}</h3>
          <HandGroup icon="person" title={t("greatharbor.ui.group.people")} kind="person" cards={bitList(p.handPeople)} />
          <HandGroup icon="building" title={t("greatharbor.ui.group.buildings")} kind="building" cards={bitList(p.handBuildings)} />
          <HandGroup icon="ship" title={t("greatharbor.ui.group.ships")} kind="ship" cards={bitList(p.handShips)} />
        </div>
      ) : (
        <p class="gh-small" data-testid={`hand-size-${seat}`}>
          {t("greatharbor.ui.colony.in_hand", { people: hand[0] ?? 0, buildings: hand[1] ?? 0, ships: hand[2] ?? 0 })}
        </p>
      )}
    </section>
  );
}

/**
 * AutomaPanel is the Automa's board: its resources, tracks, next card, cards
 * and docks. On the TV (tv) it has the same four lines whatever happens, so
 * nothing under it moves from round to round: its name with its resources
 * and tracks; its next card (left blank while its turn, told beside it,
 * shows the card it plays: brief); its cards and the dice it drafted; its
 * docks as one line of names rather than card faces.
 */
export function AutomaPanel({ v, colors, tv = false, brief = false }: { v: GreatHarborView; colors: string[]; tv?: boolean; brief?: boolean }) {
  const a = v.automa;
  if (!a) return null;
  const drafted = diceAt(v, LOC.drafted, v.n);
  const tracks = (
    <span class="gh-small">{t("greatharbor.ui.automa_panel.tracks", { tracks: COLOURS.map((_c, i) => `${COLOUR_MARKS[i]}${a.track[i]}`).join(" ") })}</span>
  );
  const draftedWords = drafted.length ? t("greatharbor.ui.automa_panel.drafted", { dice: drafted.map((d) => dieWords(d.colour, d.face)).join(", ") }) : "";
  const cards = t("greatharbor.ui.automa_panel.cards", {
    people: bitList(a.people).length,
    buildings: bitList(a.buildings).length,
    ships: bitList(a.allShips).length,
  });
  return (
    <section class={`panel gh-automa ${tv ? "gh-automa-tv" : ""} ${v.actor === v.n ? "gh-on-turn" : ""}`} aria-labelledby="gh-automa-h" data-testid="gh-automa">
      <h2 id="gh-automa-h">
        <CompetitorBadge v={v} id={v.n} colors={colors} size={22} /> {t("greatharbor.ui.automa")}
      </h2>
      <div class="gh-res">
        <Amount n={a.prestige} icon="prestige" />
        <Amount n={a.free} icon="colonist" label={t("greatharbor.ui.amount_colonists", { n: a.free })} />
        <Amount n={a.smuggler} icon="smuggler" label={t("greatharbor.ui.amount_smuggler", { n: a.smuggler })} />
        <span class="gh-amount">
          <Icon name="card" size={18} label={t("greatharbor.ui.automa_panel.deck")} /> {a.deckN}
        </span>
        {tv ? tracks : null}
      </div>
      {tv ? null : <p class="gh-small">{tracks}</p>}
      {a.deckN > 0 && !(tv && brief) ? (
        <p class="gh-small gh-automa-line" data-testid="automa-next">
          {nextCardWords(a.topColour, a.topUp)}
        </p>
      ) : tv ? (
        <p class="gh-small gh-automa-line" data-testid="automa-next" />
      ) : null}
      {tv ? (
        <p class="gh-small gh-automa-line">
          {cards}
          {draftedWords ? ` · ${draftedWords}` : ""}
        </p>
      ) : (
        <>
          {draftedWords ? <p class="gh-small">{draftedWords}</p> : null}
          <p class="gh-small">{cards}</p>
        </>
      )}
      {tv ? (
        <p class="gh-small gh-automa-line" data-testid="automa-docks">
          {t("greatharbor.ui.automa_panel.docks", {
            ships:
              a.ships
                .filter((s) => s.card >= 0)
                .map((s) => t("greatharbor.ui.automa_panel.ship", { ship: shipName(s.card), where: shipWhere(s) }))
                .join(", ") || t("greatharbor.ui.none"),
          })}
        </p>
      ) : (
        <ul class="gh-ships gh-cards" aria-label={t("greatharbor.ui.automa_panel.docks_label")}>
          {a.ships.map((s, d) => (
            <ShipLine key={d} ship={s} dock={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** voyageSegments is each segment of the voyage track with what lies on it now: the ships at sea, its Demand tiles and its pirates' strength once revealed (-1 before). */
export function voyageSegments(v: GreatHarborView) {
  let slot = 0;
  return SEGMENTS.map((seg, g) => {
    const demand = v.demand.slice(slot, slot + seg.demandSlots);
    slot += seg.demandSlots;
    return { g, seg, demand, owners: v.segOwner[g] ?? [], pirate: v.revealed[g] ?? -1, now: v.phase === "voyage" && v.voySeg === g };
  });
}

/** ShipSpot is position i of a segment: a competitor's ship or empty, named for screen readers. */
export function ShipSpot({ v, o, i, colors, size }: { v: GreatHarborView; o: number; i: number; colors: string[]; size: number }) {
  return (
    <span
      class="gh-pos"
      role="img"
      aria-label={o >= 0 ? t("greatharbor.ui.position_ship", { n: i + 1, who: competitorName(v, o) }) : t("greatharbor.ui.position_empty", { n: i + 1 })}
    >
      {o >= 0 ? (
        <CompetitorBadge v={v} id={o} colors={colors} size={size} />
      ) : (
        <span class="gh-empty" aria-hidden="true">
          ·
        </span>
      )}
    </span>
  );
}

/** DemandIcons is a segment's Demand tiles, a dash for a slot without one. */
export function DemandIcons({ demand, size }: { demand: number[]; size?: number }) {
  return (
    <>
      {demand.map((l, i) =>
        l >= 0 ? (
          <Icon key={i} name={LUX_ICONS[l]!} size={size} label={t("greatharbor.ui.wanted", { lux: luxName(l) })} />
        ) : (
          <span key={i} class="hint">
            —
          </span>
        ),
      )}
    </>
  );
}

/** VoyagePanel: the three segments, every ship at sea, Demand tiles, pirates and rewards. */
export function VoyagePanel({ v, colors }: { v: GreatHarborView; colors: string[] }) {
  return (
    <section class="panel gh-voyage" aria-labelledby="gh-voy-h" data-testid="gh-voyage">
      <h2 id="gh-voy-h">
        <Icon name="ship" label={false} /> {t("greatharbor.ui.voyages")}
      </h2>
      <ol class="gh-segments">
        {voyageSegments(v).map(({ g, seg, demand, owners, pirate, now }) => (
          <li key={g} class={`gh-seg ${now ? "gh-now" : ""}`} data-testid={`segment-${g}`}>
            <strong>{t("greatharbor.ui.segment", { n: g + 1 })}</strong>{" "}
            <span class="gh-small">
              {t("greatharbor.ui.voyage.trade")} <Amount n={seg.coins} icon="coins" /> <Amount n={seg.prestige} icon="prestige" />{" "}
              {t("greatharbor.ui.voyage.home_in", { n: seg.returnDistance })}
            </span>
            <div class="gh-row">
              {owners.map((o, i) => (
                <ShipSpot key={i} v={v} o={o} i={i} colors={colors} size={20} />
              ))}
              <span class="gh-small">
                {t("greatharbor.ui.voyage.demand")} <DemandIcons demand={demand} size={18} />
              </span>
              {pirate >= 0 ? (
                <span class="gh-pirate">
                  <Icon name="pirate" size={18} /> {t("greatharbor.ui.strength", { n: pirate })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <p class="gh-small">{t("greatharbor.ui.voyage.pirate_deck", { n: v.pirateN, discarded: v.pirateDiscN })}</p>
    </section>
  );
}

/** DisplaysPanel: the face-up cards on offer and how many cards each deck holds. */
export function DisplaysPanel({ v }: { v: GreatHarborView }) {
  const list = (xs: number[], kind: CardKind) => (
    <ol class="gh-cards" aria-label={t(`greatharbor.ui.offer.${kind}`)}>
      {xs.map((c, i) => (
        <li key={c >= 0 ? c : `empty-${i}`}>
          {c >= 0 ? <Card kind={kind} n={c} testid={`offer-${kind}-${i}`} /> : <span class="hint">{t("greatharbor.ui.slot.empty")}</span>}
        </li>
      ))}
    </ol>
  );
  return (
    <section class="panel gh-displays" aria-labelledby="gh-disp-h" data-testid="gh-displays">
      <h2 id="gh-disp-h">{t("greatharbor.ui.offer.title")}</h2>
      <div class="gh-disp-grid">
        <div>
          <h3>
            <Icon name="ship" size={18} label={false} /> {t("greatharbor.ui.group.ships")}
          </h3>
          {list(v.shipDisplay, "ship")}
          <p class="gh-small">{t("greatharbor.ui.offer.ship_decks", { decks: v.shipDeckN.join(" / ") })}</p>
        </div>
        <div>
          <h3>
            <Icon name="person" size={18} label={false} /> {t("greatharbor.ui.group.people")}
          </h3>
          {list(v.personDisplay, "person")}
          <p class="gh-small">{t("greatharbor.ui.offer.deck", { n: v.personDeckN })}</p>
        </div>
        <div>
          <h3>
            <Icon name="building" size={18} label={false} /> {t("greatharbor.ui.group.buildings")}
          </h3>
          {list(v.buildingDisplay, "building")}
          <p class="gh-small">{t("greatharbor.ui.offer.deck", { n: v.buildingDeckN })}</p>
        </div>
      </div>
      <p class="gh-small">
        {t("greatharbor.ui.offer.conversions", {
          cards: CONVERSIONS.flatMap((_c, i) => ((v.conversions >> i) & 1 ? [conversionName(i)] : [])).join(", ") || t("greatharbor.ui.none"),
          n: v.supplyColonists,
        })}
      </p>
    </section>
  );
}

/** The cards of each kind the offer may show, for the room each row keeps. */
const OFFER_KINDS: [CardKind, number][] = [
  ["ship", SHIPS.length],
  ["person", PEOPLE.length],
  ["building", BUILDINGS.length],
];

/**
 * OfferSizers are every card of each kind laid in the first cell of its row,
 * unseen, so each row of the offer keeps the height of the tallest card of its
 * kind in the language drawn, whichever cards lie on it: a card that arrives
 * never makes its row, or the panel, taller or lower.
 */
function OfferSizers() {
  return (
    <>
      {OFFER_KINDS.map(([kind, count], row) => (
        <li key={`sizer-${kind}`} class="gh-offer-sizer" aria-hidden="true" style={{ gridRow: row + 1, gridColumn: 1 }}>
          {Array.from({ length: count }, (_, n) => {
            const w = cardWords(kind, n);
            return w ? (
              <div key={n} class={`gh-card gh-card-${kind} gh-card-tv`}>
                <CardFace w={w} tv />
              </div>
            ) : null;
          })}
        </li>
      ))}
    </>
  );
}

/**
 * TvOffer is the nine cards on offer as faces in one block, for the TV; a place left empty keeps its cell, so the
 * other cards never move, and each row is as tall as the tallest card of its kind.
 */
export function TvOffer({ v }: { v: GreatHarborView }) {
  const kinds: [CardKind, number[]][] = [
    ["ship", v.shipDisplay],
    ["person", v.personDisplay],
    ["building", v.buildingDisplay],
  ];
  return (
    <section class="panel gh-tv-offer" aria-labelledby="gh-tv-offer-h" data-testid="tv-offer">
      {/* The cards' coloured bands say what they are: the heading is for screen readers. */}
      <h2 id="gh-tv-offer-h" class="sr-only">
        {t("greatharbor.ui.offer.title")}
      </h2>
      <ul class="gh-cards">
        {kinds.flatMap(([kind, xs], row) =>
          xs.map((c, i) => {
            // Each cell is keyed by its place, not its card: a taken card's cell is filled where it stands,
            // and the card that comes is a new face in it, not the old one's words moved about.
            const place = { gridRow: row + 1, gridColumn: i + 1 };
            return c >= 0 ? (
              <li key={`${kind}-${i}`} style={place}>
                <Card key={c} kind={kind} n={c} testid={`offer-${kind}-${i}`} tv />
              </li>
            ) : (
              <li key={`${kind}-${i}`} class="gh-offer-none" style={place} data-testid={`tv-offer-none-${kind}-${i}`}>
                {t(`greatharbor.ui.offer.none_${kind}`)}
              </li>
            );
          }),
        )}
        <OfferSizers />
      </ul>
    </section>
  );
}

const SCORE_KEYS = Object.keys({ cards: 0, governor: 0, structures: 0, endGame: 0, smuggler: 0, tokens: 0 }) as (keyof Score)[];

/** scoreParts are the score table's columns, named in the reader's language. */
const scoreParts = (): (ScoreColumn & { key: keyof Score })[] => SCORE_KEYS.map((key) => ({ key, label: t(`greatharbor.ui.score.${key}`) }));

/** ScoreTable is the final breakdown per competitor, ranked, with the places the server decided (ties broken by it). */
export function ScoreTable({ v, result, colors }: { v: GreatHarborView; result: GameResult; colors: string[] }) {
  const ids = Array.from({ length: v.scores.length }, (_, i) => i);
  const place = (id: number) => (id < v.n ? (result.places[id] ?? 0) : 0);
  ids.sort((a, b) => (v.scores[b]?.total ?? 0) - (v.scores[a]?.total ?? 0) || (place(a) || 99) - (place(b) || 99));
  const parts = scoreParts();
  const tied = ids.some((a) => ids.some((b) => a < b && v.scores[a]?.total === v.scores[b]?.total));
  return (
    <section class="panel gh-scores" aria-labelledby="gh-score-h" data-testid="ranking">
      <h2 id="gh-score-h">{t("greatharbor.ui.score.title")}</h2>
      <RankingTable
        tableClass="gh-score-table"
        whoHead={t("greatharbor.ui.score.who")}
        columns={parts}
        rows={ids.map((id, k) => ({
          id,
          place: id < v.n && place(id) ? place(id) : k + 1,
          who: (
            <>
              <CompetitorBadge v={v} id={id} colors={colors} size={18} /> {competitorName(v, id)}
            </>
          ),
          points: parts.map((p) => v.scores[id]?.[p.key] ?? 0),
          total: v.scores[id]?.total ?? 0,
          winner: k === 0,
          testid: `score-${id}`,
        }))}
      />
      {tied ? <p class="hint">{t("greatharbor.ui.score.tied")}</p> : null}
      {result.winners.length ? (
        <p class="gh-winner">
          {t(result.winners.length > 1 ? "greatharbor.ui.score.share" : "greatharbor.ui.score.wins", {
            who: formatList(result.winners.map((s) => v.names[s] ?? "")),
          })}
        </p>
      ) : (
        <p class="gh-winner">{t("greatharbor.ui.score.automa_wins")}</p>
      )}
    </section>
  );
}

/** PrestigeChart draws each competitor's score at the end of every round, with a table for screen readers. */
export function PrestigeChart({ v, colors, width = 560, height = 260 }: { v: GreatHarborView; colors: string[]; width?: number; height?: number }) {
  const n = competitors(v);
  const rows = [Array.from({ length: 4 }, () => 0), ...v.history];
  const finals = v.scores.map((s) => s.total);
  if (finals.length) rows.push([...finals, 0, 0, 0, 0].slice(0, 4));
  const max = Math.max(10, ...rows.flat());
  const label = (r: number) =>
    r === 0 ? t("greatharbor.ui.chart.start") : r <= v.history.length ? t("greatharbor.ui.chart.round", { n: r }) : t("greatharbor.ui.chart.final");
  const automa = (id: number): ChartLine => ({
    name: competitorName(v, id),
    fill: "#6b6b6b",
    shape: "star",
    badge: <CompetitorBadge v={v} id={id} colors={colors} size={18} />,
  });
  return (
    <SeatChart
      caption={t("greatharbor.ui.chart.caption")}
      label={t("greatharbor.ui.chart.label")}
      testid="gh-chart"
      extra="gh-chart-fig"
      rows={rows}
      lines={Array.from({ length: n }, (_, id) => (id === v.n ? automa(id) : seatLine(id, competitorName(v, id), colors[id])))}
      xTicks={rows.map((_, r) => ({ x: r, text: label(r) }))}
      yTicks={[0, 0.5, 1].map((f) => ({ value: max * f, text: String(Math.round(max * f)) }))}
      max={max}
      padLeft={40}
      padRight={36}
      width={width}
      height={height}
      tableCaption={t("greatharbor.ui.chart.table")}
      xHeading={t("greatharbor.ui.chart.round_head")}
      rowLabel={label}
    />
  );
}

/** seatsOrder lists the seats for the others' panels: everyone but me, in seat order. */
export const othersOf = (v: GreatHarborView, me: number) => Array.from({ length: v.n }, (_, i) => i).filter((i) => i !== me);
