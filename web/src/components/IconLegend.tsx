// IconLegend is the key to a game's icons in its rules reference: each entry
// drawn by the very component the game's screens draw it with, its name, and
// what it stands for in our own words. Each game's entries are in
// games/<id>/legend.tsx, a small chunk loaded when the legend is shown.

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n/i18n";

export interface LegendEntry {
  /** the drawing, as the screens show it (hidden from screen readers: the name says it) */
  icon: ComponentChildren;
  name: string;
  words: string;
}

const legends = import.meta.glob<LegendEntry[]>("../games/*/legend.tsx", { import: "legend" });

/** hasLegend says whether a game has an icon legend. */
export const hasLegend = (game: string) => `../games/${game}/legend.tsx` in legends;

/** loadLegend fetches a game's legend entries. */
export async function loadLegend(game: string): Promise<LegendEntry[]> {
  const load = legends[`../games/${game}/legend.tsx`];
  if (!load) throw new Error(`no icon legend for ${game}`);
  return load();
}

export function IconLegend({ game }: { game: string }) {
  const [entries, setEntries] = useState<LegendEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    if (hasLegend(game)) loadLegend(game).then((e) => live && setEntries(e));
    return () => {
      live = false;
    };
  }, [game]);
  if (!hasLegend(game)) return null;
  if (!entries) return <p class="hint">{t("frame.loadingIcons")}</p>;
  return (
    <ul class="icon-legend" aria-label={t("frame.iconLegend")} data-testid="icon-legend">
      {entries.map((e) => (
        <li key={e.name}>
          <span class="icon-legend-pic" aria-hidden="true">
            {e.icon}
          </span>
          <span>
            <strong>{e.name}</strong>: {e.words}
          </span>
        </li>
      ))}
    </ul>
  );
}
