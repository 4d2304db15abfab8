// A player's harbour town: the harbour, the columns of the preparation line
// with their cards, hubs and ships, the attractions, and the supply.

import { Card, Icon } from "./Cards";
import { attractionRewards, cardName, CARDS, harbourReward, KIND_MARKS } from "./cards";
import {
  BUNDLE_WORDS,
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
      <span>{ghost ? "ghost" : `L${s.level}`}</span>
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
export function BundleLine({ b, empty = "none" }: { b: Bundle; empty?: string }) {
  const parts = RES.filter((r) => b[r] > 0);
  if (parts.length === 0) return <span class="hint">{empty}</span>;
  return (
    <span class="nk-bundle">
      {parts.map((r) => (
        <span key={r} class="nk-count" data-res={r}>
          <Icon name={r} /> {b[r]}
          <span class="sr-only"> {BUNDLE_WORDS[r]}</span>
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
        <strong>Supply</strong>{" "}
        {RES.map((r) => (
          <span key={r} class="nk-count" data-res={r}>
            <Icon name={r} /> {p.supply[r]} <span class="nk-word">{BUNDLE_WORDS[r]}</span>
          </span>
        ))}
      </p>
      <p class="hint">
        Fish, goods and licences: {held} of {p.limit >= 99 ? "no limit" : p.limit}
        {held > p.limit ? " (over the limit: discard at the end of the turn)" : ""}
        {hideHand ? "" : ` · hand ${p.handCount} card${p.handCount === 1 ? "" : "s"}`}
      </p>
      {pending ? (
        <p>
          Pending (joins the supply at the end of the turn): <BundleLine b={p.pending} />
        </p>
      ) : null}
      {locked ? (
        <p>
          Locked (gained in the last action turn, not spendable now): <BundleLine b={p.locked} />
        </p>
      ) : null}
    </div>
  );
}

/** Town draws one player's harbour and preparation line. */
export function Town({ v, p, onOpen, active }: { v: NekoView; p: NekoPlayer; onOpen: (n: number) => void; active?: number }) {
  return (
    <div class="nk-town" data-testid={`town-${p.seat}`}>
      <div class="nk-line" role="list" aria-label={`${p.name}'s harbour and preparation line`}>
        <div
          class="nk-col nk-harbour"
          role="listitem"
          tabIndex={0}
          aria-label={`Harbour level ${p.harbour}; a triggered hub gives up to the level ${p.harbour} reward (${harbourReward(p.harbour)})`}
        >
          <h3>
            <span aria-hidden="true">⚓</span> Harbour
          </h3>
          <p class="nk-level">level {p.harbour}</p>
          <ShipsAt v={v} p={p} loc={LOC_HARBOUR} />
        </div>
        {p.columns.map((c, i) => {
          const on = active === i;
          const ships = p.ships.filter((s) => s.loc === i + 1);
          const levels = ships.reduce((t, s) => t + s.level, 0);
          const kind = c.kind === "FB" ? `Fishing Boat ${CARDS[c.first]?.id ?? ""}` : cardName(c.first);
          return (
            <div
              key={i}
              class={`nk-col nk-kind-${c.kind} ${on ? "nk-col-active" : ""}`}
              role="listitem"
              tabIndex={0}
              data-col={i}
              aria-label={`Column ${i + 1}, ${kind}${on ? ", being activated" : ""}: hub ${c.hub}${c.captains ? ` with ${c.captains} captain${c.captains > 1 ? "s" : ""}` : ""}, ${c.actions.length} action card${c.actions.length === 1 ? "" : "s"}, ${c.hubs.length} tucked; ships here ${ships.length ? `total level ${levels}` : "none"}`}
            >
              <h3>
                <span class="nk-mark" aria-hidden="true">
                  {KIND_MARKS[c.kind]}
                </span>{" "}
                {i + 1}. {kind}
                {on ? <span class="tag tag-turn">active</span> : null}
              </h3>
              <p class="nk-hubline">
                hub <strong>{c.hub}</strong>
                {c.captains ? ` · ${c.captains}⚑` : ""}
                {c.hubs.length ? ` · ${c.hubs.length} tucked` : ""}
              </p>
              <div class="nk-col-cards">
                {c.actions.map((n) => (
                  <Card key={n} n={n} onOpen={onOpen} extra={`in ${p.name}'s column ${i + 1}`} />
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
                      aria-label={`+${CARDS[n]?.hub} ${CARDS[n]?.id}: ${cardName(n)}, tucked as a hub in ${p.name}'s column ${i + 1}`}
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
        {p.columns.length === 0 ? <p class="hint nk-empty">No columns yet: the first card played starts the line.</p> : null}
      </div>
    </div>
  );
}

/** Attractions lists the attractions with their rewards and the ships there. */
export function Attractions({ v }: { v: NekoView }) {
  return (
    <ul class="nk-attractions" aria-label="Attractions">
      {v.attractions.map((a) => {
        const r = attractionRewards(a.id);
        const ships = v.players.flatMap((p) => p.ships.filter((s) => s.loc === LOC_ATTR + a.index).map((s) => ({ p, s })));
        return (
          <li
            key={a.index}
            class="nk-attr"
            tabIndex={0}
            aria-label={`${a.name}: first ship takes ${r.better}, later ones ${r.lesser}; ${a.visited ? "visited" : "no ship yet"}; ships: ${ships.map(({ p, s }) => `${p.name} level ${s.level}`).join(", ") || "none"}`}
          >
            <strong>{a.name}</strong>
            <span class="nk-attr-r">
              first: {r.better} · later: {r.lesser}
            </span>
            {ships.length ? (
              <span class="nk-attr-ships">
                {ships.map(({ p, s }) => (
                  <span key={`${p.seat}-${s.index}`} class="nk-chip">
                    ⎈ {p.name} L{s.level}
                  </span>
                ))}
              </span>
            ) : (
              <span class="hint">{a.visited ? "visited" : "no ship yet"}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
