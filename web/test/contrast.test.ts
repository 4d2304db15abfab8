// Text colors the TV relies on, read from the style sheets: The Great
// Harbor's turn-order chips sit in the TV's draft line, whose text is white,
// so each chip must set a dark text of its own on its light ground.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const css = (file: string) => readFileSync(fileURLToPath(new URL(`../src/${file}`, import.meta.url)), "utf8");
const root = css("styles.css");
const gh = css("games/greatharbor/greatharbor.css");

/** rule returns the declarations of the first rule whose selector is exactly sel, on one line or several. */
function rule(sheet: string, sel: string): Record<string, string> {
  const start = sheet.split("\n").findIndex((line) => line.startsWith(`${sel} {`));
  expect(start, `a rule for ${sel}`).toBeGreaterThanOrEqual(0);
  const from = sheet.split("\n").slice(start).join("\n");
  const body = from.slice(from.indexOf("{") + 1, from.indexOf("}"));
  return Object.fromEntries(body.split(";").flatMap((d) => (d.includes(":") ? [[d.slice(0, d.indexOf(":")).trim(), d.slice(d.indexOf(":") + 1).trim()]] : [])));
}

/** hex resolves a color written as #rgb, #rrggbb or var(--name) of :root, to #rrggbb. */
function hex(value: string): string {
  const v = /^var\((--[a-z-]+)\)$/.exec(value);
  let out = v ? new RegExp(`${v[1]}: (#[0-9a-fA-F]{6})`).exec(root)?.[1] : value;
  if (out && /^#[0-9a-fA-F]{3}$/.test(out)) out = `#${[...out.slice(1)].map((c) => c + c).join("")}`;
  expect(out, `the color ${value}`).toMatch(/^#[0-9a-fA-F]{6}$/);
  return out!;
}

/** contrast is the WCAG contrast ratio of two #rrggbb colors. */
function contrast(a: string, b: string): number {
  const lum = (h: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe("The Great Harbor's turn-order chips", () => {
  const chip = rule(gh, ".gh-order li");
  it.each([".gh-order li", ".gh-order .gh-now", ".gh-order .gh-done"])("%s reads at 4.5:1 or more", (sel) => {
    const own = rule(gh, sel);
    const fg = hex(own.color ?? chip.color ?? "");
    const bg = hex(own.background ?? chip.background ?? "");
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    expect(own.opacity, "a faded chip fades its text too").toBeUndefined();
  });
  it("computes the ratio the white names had (1.11:1 on the acting player's yellow)", () => {
    expect(contrast("#ffffff", "#fef3c7")).toBeCloseTo(1.11, 2);
  });
});
