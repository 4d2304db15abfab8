// TvKey is the key to a game's icons and marks on the TV, from the same
// entries as the rules reference's legend (IconLegend): each icon with its
// name, on one strip. A TV has no pointer, so nothing opens: the entries are
// packed by their widths into pages as wide as the strip, and the strip
// shows them in turns. Every page lies in the same place, the unseen ones
// hidden, so the strip has the height of its tallest page from the start and
// nothing around it moves as the pages turn.

import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { hasLegend, loadLegend, type LegendEntry } from "./IconLegend";
import { t } from "../i18n/i18n";

/** How long each page of the key shows. */
export const KEY_TURN_MS = 6000;

/** The room between two entries on a page, in px (the strip's gap). */
const GAP = 24;

/**
 * keyPages packs entries of the given widths, in order, into pages no wider
 * than room (an entry wider than room has a page of its own). Without a room
 * (nothing measured) one page holds them all.
 */
export function keyPages(widths: readonly number[], room: number, gap = GAP): number[][] {
  if (!(room > 0)) return widths.length ? [widths.map((_, i) => i)] : [];
  const pages: number[][] = [];
  let page: number[] = [];
  let used = 0;
  widths.forEach((w, i) => {
    const need = page.length ? used + gap + w : w;
    if (page.length && need > room) {
      pages.push(page);
      page = [i];
      used = w;
    } else {
      page.push(i);
      used = need;
    }
  });
  if (page.length) pages.push(page);
  return pages;
}

const Entry = ({ e }: { e: LegendEntry }) => (
  <li>
    <span class="tv-key-pic" aria-hidden="true">
      {e.icon}
    </span>
    <span class="tv-key-name">{e.name}</span>
  </li>
);

export function TvKey({ game }: { game: string }) {
  const [entries, setEntries] = useState<LegendEntry[] | null>(null);
  const [pages, setPages] = useState<number[][] | null>(null);
  const [at, setAt] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    setEntries(null);
    setPages(null);
    setAt(0);
    if (hasLegend(game)) loadLegend(game).then((e) => live && setEntries(e));
    return () => {
      live = false;
    };
  }, [game]);
  // Once the entries are drawn in one line, their widths give the pages; a strip of another width
  // (its screen's styles come, a window resized) measures them again.
  const room = useRef(-1);
  useLayoutEffect(() => {
    const el = box.current;
    if (!entries || pages || !el) return;
    const widths = Array.from(el.querySelectorAll<HTMLElement>(".tv-key-measure > li"), (li) => li.offsetWidth);
    room.current = el.clientWidth;
    setAt(0);
    setPages(keyPages(widths, el.clientWidth));
  }, [entries, pages]);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(() => {
      if (room.current >= 0 && el.clientWidth !== room.current) setPages(null);
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    if (!pages || pages.length < 2) return;
    const turn = setInterval(() => setAt((a) => (a + 1) % pages.length), KEY_TURN_MS);
    return () => clearInterval(turn);
  }, [pages]);
  if (!hasLegend(game)) return null;
  return (
    <section class="panel tv-key" aria-labelledby="tv-key-h" data-testid="tv-key">
      <h2 id="tv-key-h" class="tv-key-title">
        {t("frame.key")}
      </h2>
      <div class="tv-key-pages" ref={box}>
        {entries && !pages ? (
          <ul class="tv-key-page tv-key-measure" aria-hidden="true">
            {entries.map((e) => (
              <Entry key={e.name} e={e} />
            ))}
          </ul>
        ) : null}
        {entries && pages
          ? pages.map((page, k) => (
              <ul key={k} class={`tv-key-page ${k === at ? "" : "tv-key-off"}`} aria-hidden={k === at ? undefined : "true"} data-page={k}>
                {page.map((i) => (entries[i] ? <Entry key={i} e={entries[i]} /> : null))}
              </ul>
            ))
          : null}
      </div>
    </section>
  );
}
