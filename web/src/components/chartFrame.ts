// The frame of an end-of-game chart: its drawing is made in screen pixels.
// A chart's viewBox is as wide as the chart is drawn, so one unit is one
// pixel and a label styled 12 px (a phone) or 22 px (the TV) is that size
// on screen, whatever the screen's width; the room round the plot and the
// labels along the bottom are worked out from that size, so the top label
// is never cut and labels on a narrow phone never run into each other.

import { useLayoutEffect, useRef, useState } from "preact/hooks";

/** The width of a text of n characters at a font size: a little more than the average digit or letter. */
export const textWidth = (text: string, font: number) => text.length * font * 0.62;

/** Drawn is a chart's size in screen pixels and the size of its labels. */
export interface Drawn {
  width: number;
  height: number;
  font: number;
}

/** The least height of a chart on a narrow screen, when its own proportions would make it flatter. */
export const MIN_HEIGHT = 200;

/**
 * drawnSize is the size a chart is drawn at when its box is shown w px wide
 * (null before it is measured): as wide as shown, as tall as its proportions
 * of width × height say, but never flatter than MIN_HEIGHT (or height, if
 * that is less), so a phone's chart keeps room for its lines.
 */
export function drawnSize(w: number | null, width: number, height: number, font: number): Drawn {
  if (!w || w <= 0) return { width, height, font };
  return { width: w, height: Math.round(Math.max((height * w) / width, Math.min(height, MIN_HEIGHT))), font };
}

/** Pad is the room round a chart's plot, in pixels. */
export interface Pad {
  l: number;
  r: number;
  t: number;
  b: number;
}

/**
 * axisPad is the room round a plot whose left axis carries yLabels and whose
 * bottom axis ends in lastX (centered under the plot's right edge): the top
 * label, centered on the top grid line, stands wholly inside the drawing, as
 * do the bottom labels under the plot. left and right are the least room
 * a chart asks for on those sides.
 */
export function axisPad(font: number, yLabels: string[], lastX: string, left = 0, right = 0): Pad {
  const widest = Math.max(0, ...yLabels.map((t) => textWidth(t, font)));
  return {
    l: Math.ceil(Math.max(left, widest + 8)),
    r: Math.ceil(Math.max(right, textWidth(lastX, font) / 2 + 4, 10)),
    t: Math.ceil(font * 0.7 + 4),
    b: Math.ceil(font * 1.4 + 8),
  };
}

/** The baseline of a label centered on the height y: a digit's middle lies on y. */
export const middle = (y: number, font: number) => y + font * 0.35;

/** The baseline of the labels along the bottom of a drawing h tall, clear of its foot. */
export const footLine = (h: number, font: number) => h - font * 0.3 - 2;

/**
 * spreadTicks keeps the labels of an axis that fit side by side, each at x
 * (centered) with gap px between neighbors: the first and the last always,
 * and between them every step-th label for the least step at which none
 * runs into its neighbor (one before the last that would is left out), so
 * the labels kept stand evenly. Ticks come in the order of x.
 */
export function spreadTicks<T extends { text: string }>(ticks: T[], x: (t: T) => number, font: number, gap = 8): T[] {
  if (ticks.length <= 2) return ticks;
  const half = (t: T) => textWidth(t.text, font) / 2;
  const clear = (a: T, b: T) => x(b) - half(b) >= x(a) + half(a) + gap;
  const last = ticks[ticks.length - 1]!;
  for (let step = 1; step < ticks.length - 1; step++) {
    const kept = ticks.slice(0, -1).filter((_, i) => i % step === 0);
    while (kept.length > 1 && !clear(kept[kept.length - 1]!, last)) kept.pop();
    kept.push(last);
    if (kept.every((t, i) => i === 0 || clear(kept[i - 1]!, t))) return kept;
  }
  return [ticks[0]!, last];
}

/**
 * useDrawn measures the drawing it is given (ref) as shown and keeps its
 * size in screen pixels (drawnSize) and the font size of its labels (the
 * CSS size of its class chart-tick, 12 px until measured), again whenever
 * the drawing's box changes width.
 */
export function useDrawn(width: number, height: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [seen, setSeen] = useState<{ w: number; font: number } | null>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const measure = () => {
      const w = svg.getBoundingClientRect().width;
      const tick = svg.querySelector(".chart-tick");
      const font = tick ? parseFloat(getComputedStyle(tick).fontSize) || 12 : 12;
      setSeen((s) => (s && Math.abs(s.w - w) < 0.5 && s.font === font ? s : { w, font }));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(measure);
    watch.observe(svg);
    return () => watch.disconnect();
  }, []);
  return { ref, drawn: drawnSize(seen?.w ?? null, width, height, seen?.font ?? 12) };
}
