// A player's harbour town: the harbour, the columns of the preparation line
// with their cards, hubs and ships, the attractions, and the supply.

import { Card, Icon } from "./Cards";
import { t } from "../../i18n/i18n";
import { attractionName, attractionRewards, cardName, CARDS, harbourReward, KIND_MARKS } from "./cards";
import {
  bundleWord,
  GHOST,
  LOC_ATTR,
  LOC_HARBOUR,
  RES,
  resourceCards,
  shipName,
  shipPlace,
  type Bundle,
  type NekoPlayer,
  type NekoView,
  type Ship,
} from "./view";

function ShipToken({ v, p, s }: { v: NekoView; p: NekoPlayer; s: Ship }) {
  const ghost = s.index === GHOST;
  return (
    <li class={`nk-ship ${ghost ? "nk-ghost" : ""}`} aria-label={`${shipName(s)} ${shipPlace(v, p, s)}`}>
      <span aria-hidden="true">{ghost ? "☁" : "⎈"}</span>
      <span>{ghost ? t("neko.ghostMark") : `L${s.level}`}</span>
    </li>
  );
}

function ShipsAt({ v, p, loc }: { v: NekoView; p: NekoPlayer; loc: number }) {
  const here = p.ships.filter((s) => s.loc === loc);
  if (here.length === 0) return null;
  return (
    <ul class="nk-ships">
      {here.map((s) => (
        <ShipToken key={s.index} v={v} p={p} s={s} />
      ))}
    </ul>
  );
}

/** BundleLine shows a bundle's non-zero counts as icons and numbers. */
export function BundleLine({ b, empty }: { b: Bundle; empty?: string }) {
  const parts = RES.filter((r) => b[r] > 0);
  if (parts.length === 0) return <span class="hint">{empty ?? t("neko.none.cards")}</span>;
  return (
    <span class="nk-bundle">
      {parts.map((r) => (
        <span key={r} class="nk-count" data-res={r}>
          <Icon name={r} /> {b[r]}
          <span class="sr-only"> {bundleWord(r, b[r])}</span>
        </span>
      ))}
    </span>
  );
}

/** Supply is a player's cards: supply, what is pending, what is locked, and the limit. */
export function Supply({ p, hideHand }: { p: NekoPlayer; hideHand?: boolean }) {
  const held = resourceCards(p.supply);
  const locked = RES.some((r) => p.locked[r] > 0);
  const pending = RES.some((r) => p.pending[r] > 0);
  return (
    <div class="nk-supply" data-testid={`supply-${p.seat}`}>
      <p class="nk-supply-line">
        <strong>{t("neko.supply")}</strong>{" "}
        {RES.map((r) => (
          <span key={r} class="nk-count" data-res={r}>
            <Icon name={r} /> {p.supply[r]} <span class="nk-word">{bundleWord(r, p.supply[r])}</span>
          </span>
        ))}
      </p>
      <p class="hint">
        {p.limit >= 99 ? t("neko.supply.noLimit", { held }) : t("neko.supply.limit", { held, limit: p.limit })}
        {held > p.limit ? t("neko.supply.over") : ""}
        {hideHand ? "" : t("neko.supply.hand", { n: p.handCount })}
      </p>
      {pending ? (
        <p>
          {t("neko.supply.pending")} <BundleLine b={p.pending} />
        </p>
      ) : null}
      {locked ? (
        <p>
          {t("neko.supply.locked")} <BundleLine b={p.locked} />
        </p>
      ) : null}
    </div>
  );
}

/** Town draws one player's harbour and preparation line. */
export function Town({ v, p, onOpen, active }: { v: NekoView; p: NekoPlayer; onOpen: (n: number) => void; active?: number }) {
  return (
    <div class="nk-town" data-testid={`town-${p.seat}`}>
      <div class="nk-line" role="list" aria-label={t("neko.town.line", { name: p.name })}>
        <div
          class="nk-col nk-harbour"
          role="listitem"
          tabIndex={0}
          aria-label={t("neko.town.harbourLabel", { level: p.harbour, reward: harbourReward(p.harbour) })}
        >
          <h3>
            <span aria-hidden="true">⚓</span> {t("neko.legend.harbour")}
          </h3>
          <p class="nk-level">{t("neko.town.level", { n: p.harbour })}</p>
          <ShipsAt v={v} p={p} loc={LOC_HARBOUR} />
        </div>
        {p.columns.map((c, i) => {
          const on = active === i;
          const ships = p.ships.filter((s) => s.loc === i + 1);
          const levels = ships.reduce((t, s) => t + s.level, 0);
          const kind = c.kind === "FB" ? t("neko.boatColumn", { id: CARDS[c.first]?.id ?? "" }) : cardName(c.first);
          return (
            <div
              key={i}
              class={`nk-col nk-kind-${c.kind} ${on ? "nk-col-active" : ""}`}
              role="listitem"
              tabIndex={0}
              data-col={i}
              aria-label={t(on ? "neko.town.columnActive" : "neko.town.column", {
                n: i + 1,
                kind,
                hub: c.hub,
                captains: c.captains,
                cards: c.actions.length,
                tucked: c.hubs.length,
                ships: ships.length ? t("neko.town.shipsLevel", { level: levels }) : t("neko.none.ships"),
              })}
            >
              <h3>
                <span class="nk-mark" aria-hidden="true">
                  {KIND_MARKS[c.kind]}
                </span>{" "}
                {i + 1}. {kind}
                {on ? <span class="tag tag-turn">{t("neko.town.active")}</span> : null}
              </h3>
              <p class="nk-hubline">
                {t("neko.town.hub")} <strong>{c.hub}</strong>
                {c.captains ? ` · ${c.captains}⚑` : ""}
                {c.hubs.length ? ` · ${t("neko.town.tucked", { n: c.hubs.length })}` : ""}
              </p>
              <div class="nk-col-cards">
                {c.actions.map((n) => (
                  <Card key={n} n={n} onOpen={onOpen} extra={t("neko.town.inColumn", { name: p.name, n: i + 1 })} />
                ))}
              </div>
              {c.hubs.length ? (
                <div class="nk-tucked">
                  {c.hubs.map((n) => (
                    <button
                      key={n}
                      type="button"
                      class="nk-tuck"
                      onClick={() => onOpen(n)}
                      aria-label={t("neko.town.tuckedCard", { hub: CARDS[n]?.hub ?? 0, id: CARDS[n]?.id ?? "", card: cardName(n), name: p.name, n: i + 1 })}
                    >
                      +{CARDS[n]?.hub} {CARDS[n]?.id}
                    </button>
                  ))}
                </div>
              ) : null}
              <ShipsAt v={v} p={p} loc={i + 1} />
            </div>
          );
        })}
        {p.columns.length === 0 ? <p class="hint nk-empty">{t("neko.town.empty")}</p> : null}
      </div>
    </div>
  );
}

/** Attractions lists the attractions with their rewards and the ships there. */
export function Attractions({ v }: { v: NekoView }) {
  return (
    <ul class="nk-attractions" aria-label={t("neko.attractions")}>
      {v.attractions.map((a) => {
        const r = attractionRewards(a.id);
        const ships = v.players.flatMap((p) => p.ships.filter((s) => s.loc === LOC_ATTR + a.index).map((s) => ({ p, s })));
        const name = attractionName(a.id, a.name);
        const state = t(a.visited ? "neko.attr.visited" : "neko.attr.noShip");
        return (
          <li
            key={a.index}
            class="nk-attr"
            tabIndex={0}
            aria-label={t("neko.attr.label", {
              name,
              better: r.better,
              lesser: r.lesser,
              state,
              ships: ships.map(({ p, s }) => t("neko.attr.ship", { name: p.name, level: s.level })).join(", ") || t("neko.none.ships"),
            })}
          >
            <strong>{name}</strong>
            <span class="nk-attr-r">{t("neko.attr.rewards", { better: r.better, lesser: r.lesser })}</span>
            {ships.length ? (
              <span class="nk-attr-ships">
                {ships.map(({ p, s }) => (
                  <span key={`${p.seat}-${s.index}`} class="nk-chip">
                    ⎈ {p.name} L{s.level}
                  </span>
                ))}
              </span>
            ) : (
              <span class="hint">{state}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
