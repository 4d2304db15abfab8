// The measures of a screen as drawn, shared by the browser scenarios (lib.mjs)
// and the position gallery (gallery/run.mjs): what is cut, text too small,
// text covered by something else, the accessibility audit, sideways scroll
// and layout shifts. Each measure runs in the page (page.evaluate) and
// returns what it found; the caller decides whether that fails.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The measures of a TV at 1920 × 1080: no scroller is scrolled, text at least 20 px, nothing under the presence bar. */
export const TV_FIT = { tv: true, minText: 20, zoomExempt: false };
/** The measures of a phone or a laptop: text at least 12 px outside a zoomable board, boxes that scroll may hold more than they show. */
export const HAND_FIT = { tv: false, minText: 12, zoomExempt: true };

/**
 * fitProblems measures a page as shown now and lists, as {kind, text}, what
 * does not fit: every visible text node under o.minText px (SVG text by its
 * size on screen; with o.zoomExempt not in a zoomable board, which a person
 * enlarges), kind "small-text"; every visible text under the TV's presence
 * bar at the foot of the screen, "under-bar"; and every element whose
 * overflow is not visible (hidden, clip, an ellipsis, and with o.tv a
 * scroller, which nobody can scroll on a TV) while its content is larger
 * than its box, so part of it is cut, "cut". A game log is the one
 * exception: it lets its older lines fall off its foot, but only whole
 * lines, never half of one. SVG drawings clip by design (the sea round an
 * island) and are not looked into, but their text is measured.
 */
export function fitProblems(page, o) {
  return page.evaluate((o) => {
    const problems = [];
    const add = (kind, text) => problems.push({ kind, text });
    const name = (el) => {
      const cls = typeof el.className === "string" ? el.className : (el.getAttribute("class") ?? "");
      return `${el.tagName.toLowerCase()}${cls ? `.${cls.trim().split(/\s+/).join(".")}` : ""} "${el.textContent.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    };
    const clippers = (el) => {
      const out = [];
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== "visible" || s.overflowY !== "visible") out.push(p.getBoundingClientRect());
      }
      return out;
    };
    const shown = (el) => {
      // What a closed <details> holds, or a content-visibility: hidden box, is laid out but never drawn.
      if (!el.checkVisibility()) return false;
      for (let p = el; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") return false;
      }
      return true;
    };

    // Text under 20 px, and text the presence bar (fixed at the foot of the side column) lies over.
    const bar = document.querySelector(".presence-tv")?.getBoundingClientRect();
    const under = (b) => bar && b.right > bar.left + 1 && b.left < bar.right - 1 && b.bottom > bar.top + 1 && b.top < bar.bottom - 1;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest(".sr-only, title, desc, style, script")) continue;
      // The text itself, without the spaces around it, which nobody sees.
      const range = document.createRange();
      const lead = n.textContent.length - n.textContent.trimStart().length;
      range.setStart(n, lead);
      range.setEnd(n, lead + text.length);
      if (![...range.getClientRects()].some((b) => b.width > 0 && b.height > 0)) continue;
      const box = range.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) continue;
      // Text that its container clips away entirely is not seen (and the container is reported below).
      if (clippers(el).some((c) => box.bottom <= c.top + 1 || box.top >= c.bottom - 1 || box.right <= c.left + 1 || box.left >= c.right - 1)) continue;
      if (!shown(el)) continue;
      const graphic = el instanceof SVGElement ? el : el.closest("foreignObject");
      const ctm = graphic?.getScreenCTM();
      const size = parseFloat(getComputedStyle(el).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
      if (size < o.minText - 0.05 && !(o.zoomExempt && el.closest(".zoom-board")))
        add("small-text", `text "${text.slice(0, 40)}" in ${name(el).split(" ")[0]} is ${size.toFixed(1)} px`);
      // A drawing clips its text at its own edge.
      let svg = el instanceof SVGElement ? el.ownerSVGElement : null;
      while (svg?.ownerSVGElement) svg = svg.ownerSVGElement;
      const drawn = svg?.getBoundingClientRect();
      const seen = (b) =>
        drawn
          ? new DOMRect(
              Math.max(b.left, drawn.left),
              Math.max(b.top, drawn.top),
              Math.min(b.right, drawn.right) - Math.max(b.left, drawn.left),
              Math.min(b.bottom, drawn.bottom) - Math.max(b.top, drawn.top),
            )
          : b;
      if (!el.closest(".presence-tv") && [...range.getClientRects()].map(seen).some(under))
        add(
          "under-bar",
          `text "${text.slice(0, 40)}" in ${name(el).split(" ")[0]} at ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)} is under the presence bar (from ${Math.round(bar.left)} × ${Math.round(bar.top)})`,
        );
    }

    /**
     * reaches says whether anything seen inside el (an element or a text, not
     * text for screen readers only) lies past its box on a side it clips: a
     * table for screen readers keeps its size under its clip and widens the
     * scroll size of its container, but nobody sees it.
     */
    /** contentBox is the part of el's box inside its borders: what it shows of its content. */
    const contentBox = (el) => {
      const r = el.getBoundingClientRect();
      return {
        left: r.left + el.clientLeft,
        top: r.top + el.clientTop,
        right: r.left + el.clientLeft + el.clientWidth,
        bottom: r.top + el.clientTop + el.clientHeight,
      };
    };
    const reaches = (el, wide, tall) => {
      const box = contentBox(el);
      const past = (b) =>
        b.width > 0 &&
        b.height > 0 &&
        ((wide && (b.right > box.right + 1 || b.left < box.left - 1)) || (tall && (b.bottom > box.bottom + 1 || b.top < box.top - 1)));
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
        acceptNode: (n) =>
          n.nodeType === 1 &&
          ((n instanceof SVGElement && !(n instanceof SVGSVGElement)) ||
            n.matches(".sr-only") ||
            (n.clientWidth <= 1 && n.clientHeight <= 1 && getComputedStyle(n).overflow !== "visible"))
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (n.nodeType === 3) {
          if (!n.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          if ([...range.getClientRects()].some(past)) return true;
        } else if (past(n.getBoundingClientRect())) return true;
      }
      return false;
    };

    // Hidden overflow that hides content.
    for (const el of document.body.querySelectorAll("*")) {
      if (el instanceof SVGElement || el.closest(".sr-only")) continue;
      const s = getComputedStyle(el);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      if (el.getClientRects().length === 0 || !shown(el)) continue;
      // A 1 × 1 box that clips is text for screen readers only (the sr-only pattern under another name).
      if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
      // Off the TV, a box that scrolls shows the rest of its content to whoever scrolls it.
      const clips = (v) => v !== "visible" && (o.tv || (v !== "auto" && v !== "scroll"));
      const wide = clips(s.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const tall = clips(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (!wide && !tall) continue;
      if (s.textOverflow !== "ellipsis" && !reaches(el, wide, tall)) continue;
      const log = el.classList.contains("log") ? el : el.closest(".log");
      if (log) {
        // Older log lines may fall off whole: each line is wholly in the box or wholly out of it.
        const box = contentBox(el);
        const cut = [...log.querySelectorAll(".log-lines > li, h2")].filter((li) => {
          const b = li.getBoundingClientRect();
          if (b.height === 0) return false;
          const inside = b.left >= box.left - 1 && b.right <= box.right + 1 && b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
          const outside = b.top >= box.bottom - 1 || b.bottom <= box.top + 1 || b.left >= box.right - 1 || b.right <= box.left + 1;
          return !inside && !outside;
        });
        if (cut.length === 0) continue;
        add("cut", `${name(el)} cuts ${cut.length} log line(s) in part, such as ${name(cut[0])}`);
        continue;
      }
      add(
        "cut",
        `${name(el)} hides part of its content (overflow ${s.overflowX}/${s.overflowY}${s.textOverflow === "ellipsis" ? ", ellipsis" : ""}): ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
      );
    }
    return problems;
  }, o);
}

/**
 * watchShifts starts summing a page's layout shifts (those without recent
 * input) from now on, or, with fromStart, from the page's start.
 */
export async function watchShifts(page, { fromStart = false } = {}) {
  await page.evaluate((fromStart) => {
    const w = { sum: 0, entries: [] };
    const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const describe = (n) => {
      if (!n) return "(gone)";
      const el = n.nodeType === 1 ? n : n.parentElement;
      const cls = typeof el?.className === "string" ? el.className : (el?.getAttribute?.("class") ?? "");
      return `${el?.tagName?.toLowerCase() ?? "#text"}${cls ? `.${cls.trim().split(/\s+/).join(".")}` : ""} "${(n.textContent ?? "").trim().slice(0, 30)}"`;
    };
    const take = (list) => {
      for (const e of list) {
        if (e.hadRecentInput) continue;
        w.sum += e.value;
        w.entries.push({ value: e.value, sources: e.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`) });
      }
    };
    w.observer = new PerformanceObserver((l) => take(l.getEntries()));
    w.observer.observe({ type: "layout-shift", buffered: fromStart });
    w.flush = () => take(w.observer.takeRecords());
    window.__harborShifts?.observer.disconnect();
    window.__harborShifts = w;
  }, fromStart);
}

/** shifts stops watching and returns the sum of the layout shifts since watchShifts and the largest of them, with what moved. */
export async function shifts(page) {
  return page.evaluate(() => {
    const w = window.__harborShifts;
    w.flush();
    w.observer.disconnect();
    const top = [...w.entries].sort((a, b) => b.value - a.value).slice(0, 5);
    return { sum: w.sum, count: w.entries.length, top };
  });
}

const axeSource = readFileSync(join(webDir, "node_modules", "axe-core", "axe.min.js"), "utf8");

/**
 * auditViolations runs axe-core (the accessibility engine of browsers'
 * audits) on what the page shows now, with its experimental rule
 * label-content-name-mismatch switched on, and lists every violation of any
 * impact, naming each with the elements it found.
 */
export async function auditViolations(page) {
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not cover.
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } });
    return r.violations.map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n    ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`)
          .join("\n    ")}`,
    );
  });
}

/** scrollSize is the page's scroll size and its window's size. */
export const scrollSize = (page) =>
  page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight, iw: innerWidth, ih: innerHeight }));

/**
 * overlapProblems lists, as {kind: "overlap", text}, the visible text that
 * something else covers. Each text's lines are sampled at a few points and
 * the topmost element there is asked for (document.elementsFromPoint, every
 * element made hit-testable for the while): a text is covered when that is
 * neither its own element nor one of its ancestors or descendants, skipping
 * boxes that paint nothing there (no background, border or shadow). The
 * page is looked at a screenful at a time; a bar fixed to the screen covers
 * a text only if it still does at the foot of the page. Two texts whose
 * lines overlap are reported too.
 */
export function overlapProblems(page) {
  return page.evaluate(async () => {
    const problems = [];
    const style = document.createElement("style");
    style.textContent = "*, *::before, *::after { pointer-events: auto !important; }";
    document.head.append(style);
    const classes = (el) => (typeof el.className === "string" ? el.className : (el.getAttribute("class") ?? "")).trim();
    // An element by its tag and classes; one without classes by the nearest ancestor that has some too.
    const name = (el) => {
      const cls = classes(el);
      const own = `${el.tagName.toLowerCase()}${cls ? `.${cls.split(/\s+/).slice(0, 3).join(".")}` : ""}`;
      if (cls) return own;
      let up = el.parentElement;
      while (up && !classes(up)) up = up.parentElement;
      return up ? `${own} in ${up.tagName.toLowerCase()}.${classes(up).split(/\s+/).slice(0, 3).join(".")}` : own;
    };
    const shown = (el) => {
      // What a closed <details> holds, or a content-visibility: hidden box, is laid out but never drawn.
      if (!el.checkVisibility()) return false;
      for (let p = el; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
      }
      return true;
    };
    // The box within which an element's content shows (its own clip and its ancestors'), for the scroll
    // position of the moment (clips is emptied at each). Words for screen readers only show in none of it.
    const clips = new Map();
    const whole = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    const clipBox = (el) => {
      if (!el) return whole;
      let box = clips.get(el);
      if (box) return box;
      box = clipBox(el.parentElement);
      const s = getComputedStyle(el);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const r = el.getBoundingClientRect();
        box = { left: Math.max(box.left, r.left), top: Math.max(box.top, r.top), right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom) };
      }
      clips.set(el, box);
      return box;
    };
    /** paints says whether el draws anything of its own at a point: SVG shapes are hit only where painted; an HTML box by its background, border or shadow. */
    const painted = new Map();
    const paints = (el) => {
      if (!painted.has(el)) painted.set(el, paintsOwn(el));
      return painted.get(el);
    };
    const paintsOwn = (el) => {
      if (el instanceof SVGSVGElement) return getComputedStyle(el).backgroundColor !== "rgba(0, 0, 0, 0)";
      if (el instanceof SVGElement) return true;
      const s = getComputedStyle(el);
      if (Number(s.opacity) === 0) return false;
      if (s.backgroundColor !== "rgba(0, 0, 0, 0)" || s.backgroundImage !== "none" || s.boxShadow !== "none") return true;
      if (["IMG", "VIDEO", "CANVAS", "INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(el.tagName)) return true;
      return ["Top", "Right", "Bottom", "Left"].some((side) => parseFloat(s[`border${side}Width`]) > 0 && s[`border${side}Style`] !== "none");
    };
    const pinned = new Map();
    const fixed = (el) => {
      if (!el) return false;
      let f = pinned.get(el);
      if (f === undefined) {
        const pos = getComputedStyle(el).position;
        f = pos === "fixed" || pos === "sticky" || fixed(el.parentElement);
        pinned.set(el, f);
      }
      return f;
    };
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest(".sr-only, title, desc, style, script, option")) continue;
      if (!shown(el)) continue;
      let pin = el;
      while (pin && !["fixed", "sticky"].includes(getComputedStyle(pin).position)) pin = pin.parentElement;
      texts.push({ n, el, text, fixed: fixed(el), pin });
    }
    const rectsOf = (t) => {
      // An SVG text fitted to a length (textLength) is drawn narrower than its characters' boxes: its element's box is what shows.
      if (t.el instanceof SVGElement) {
        const r = t.el.getBoundingClientRect();
        return r.width > 1 && r.height > 1 ? [r] : [];
      }
      const range = document.createRange();
      const lead = t.n.textContent.length - t.n.textContent.trimStart().length;
      range.setStart(t.n, lead);
      range.setEnd(t.n, lead + t.text.length);
      return [...range.getClientRects()].filter((b) => b.width > 1 && b.height > 1);
    };
    const seen = new Set();
    /** the texts covered, by what covers them */
    const under = new Map();
    const cover = (t, covered) => {
      const key = `${name(t.el)} is covered by ${name(covered)} "${(covered.textContent ?? "").trim().slice(0, 30)}"`;
      if (!under.has(key)) under.set(key, []);
      under.get(key).push(t.text.slice(0, 30));
    };
    const scroller = document.scrollingElement;
    const start = scroller.scrollTop;
    const last = Math.max(0, scroller.scrollHeight - innerHeight);
    /**
     * clearBand is the height of the part of the screen that no bar fixed or stuck to its top or
     * foot covers at the scroll position of the moment: the next look moves by less than that, so
     * every text passes through it.
     */
    const clearBand = () => {
      let top = 0;
      let bottom = innerHeight;
      for (const el of document.body.querySelectorAll("*")) {
        const pos = getComputedStyle(el).position;
        if (pos !== "fixed" && pos !== "sticky") continue;
        const r = el.getBoundingClientRect();
        if (r.height === 0 || r.width < innerWidth / 2 || r.bottom <= 0 || r.top >= innerHeight) continue;
        if (r.top <= innerHeight / 3) top = Math.max(top, Math.min(r.bottom, innerHeight / 2));
        else if (r.bottom >= (innerHeight * 2) / 3) bottom = Math.min(bottom, Math.max(r.top, innerHeight / 2));
      }
      return bottom - top;
    };
    // Where each text is on the page, to look at it only at the stops that show it.
    for (const t of texts) t.spans = rectsOf(t).map((r) => [r.top + start, r.bottom + start]);
    for (let y = 0, done = false; !done; ) {
      scroller.scrollTop = y;
      clips.clear();
      for (const t of texts) {
        if (seen.has(t)) continue;
        if (!t.fixed && !t.spans.some(([top, bottom]) => bottom > y && top < y + innerHeight)) continue;
        const clip = clipBox(t.el);
        // Each line by itself: a bar fixed to the screen covers a text only if some line of it is
        // under a bar at every scroll position that shows that line (a tall text may never be clear
        // all at once, yet every line of it passes the clear part of the screen).
        t.clear ??= new Set();
        t.blocked ??= new Map();
        let covered = null;
        rectsOf(t).forEach((r, i) => {
          if (covered || t.clear.has(i)) return;
          let over = null;
          let looked = false;
          for (const fx of r.width > 24 ? [0.25, 0.75] : [0.5]) {
            const x = r.left + r.width * fx;
            const yy = r.top + r.height / 2;
            if (x < clip.left || x > clip.right || yy < clip.top || yy > clip.bottom) continue;
            if (x < 0 || yy < 0 || x >= innerWidth || yy >= innerHeight) continue;
            looked = true;
            // The topmost element alone answers most points; the whole stack only when it paints nothing.
            const first = document.elementFromPoint(x, yy);
            if (!first || first === t.el || first.contains(t.el) || t.el.contains(first)) continue;
            for (const top of paints(first) ? [first] : document.elementsFromPoint(x, yy)) {
              if (top === t.el || top.contains(t.el) || t.el.contains(top)) break;
              if (!paints(top)) continue;
              over = top;
              break;
            }
            if (over) break;
          }
          if (!looked) return;
          if (!over) {
            t.clear.add(i);
            t.blocked.delete(i);
          } else if (fixed(over)) t.blocked.set(i, over);
          else covered = over;
        });
        if (covered) {
          seen.add(t);
          cover(t, covered);
        } else if (t.clear.size === t.spans.length) seen.add(t);
      }
      done = y >= last;
      y = Math.min(last, y + Math.max(40, Math.round(clearBand() * 0.8)));
    }
    for (const t of texts) if (!seen.has(t) && t.blocked?.size) cover(t, t.blocked.values().next().value);
    for (const [key, words] of under) {
      const some = words.slice(0, 4).map((w) => `"${w}"`);
      problems.push({ kind: "overlap", text: `text ${some.join(", ")}${words.length > 4 ? ` and ${words.length - 4} more` : ""} in ${key}` });
    }
    scroller.scrollTop = start;
    clips.clear();
    style.remove();

    // Two texts whose lines cross, wherever they are on the page.
    const boxes = texts.flatMap((t) => {
      const c = clipBox(t.el);
      // Each line as far as it shows.
      return rectsOf(t)
        .map((r) => ({ left: Math.max(r.left, c.left), right: Math.min(r.right, c.right), top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) }))
        .filter((r) => r.right - r.left > 2 && r.bottom - r.top > 2)
        .map((r) => ({ t, r: { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY } }));
    });
    boxes.sort((a, b) => a.r.left - b.r.left);
    const crossed = new Set();
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i];
      for (let j = i + 1; j < boxes.length && boxes[j].r.left < a.r.right; j++) {
        const b = boxes[j];
        if (a.t === b.t || crossed.has(a.t) || crossed.has(b.t)) continue;
        if (a.t.el.contains(b.t.el) || b.t.el.contains(a.t.el)) continue;
        // A bar fixed to the screen (or a part that sticks) passes over the rest as the page scrolls: the samples above judge it.
        if (a.t.pin !== b.t.pin) continue;
        // The same words twice in one place are one text drawn with a halo under it.
        if (a.t.text === b.t.text && Math.abs(a.r.left - b.r.left) < 3 && Math.abs(a.r.top - b.r.top) < 3) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        const hMin = Math.min(a.r.bottom - a.r.top, b.r.bottom - b.r.top);
        if (w > 3 && h > Math.max(3, hMin * 0.3)) {
          crossed.add(b.t);
          problems.push({
            kind: "overlap",
            text: `text "${a.t.text.slice(0, 30)}" in ${name(a.t.el)} and "${b.t.text.slice(0, 30)}" in ${name(b.t.el)} overlap`,
          });
        }
      }
    }
    return problems;
  });
}
