// Formatting shared by every screen: Coins, places, seat colors and markers.

import { formatNumber, type MessageId, t } from "./i18n/i18n";

/** coins formats an amount of Coins in the reader's language: 1500 → "1,500", "1.500". */
export function coins(n: number): string {
  return formatNumber(Math.round(n));
}

/** coinsLabel is coins with the unit, for screen readers and sentences. */
export function coinsLabel(n: number): string {
  return t("format.coins", { n: coins(n) });
}

/** ordinal: 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd" ("1.", "1.º" in German and Spanish). */
export function ordinal(n: number): string {
  return t("format.ordinal", { n });
}

/** A seat color: its name is shown beside it, so color is never the only signal. */
export interface SeatColor {
  name: string;
  fill: string;
  ink: string;
}

export const PALETTE: readonly SeatColor[] = [
  { name: "Red", fill: "#d62828", ink: "#fff" },
  { name: "Blue", fill: "#1d6fd1", ink: "#fff" },
  { name: "Green", fill: "#237f36", ink: "#fff" },
  { name: "Yellow", fill: "#f2c202", ink: "#1b1b1b" },
  { name: "Purple", fill: "#7e52a0", ink: "#fff" },
  { name: "Orange", fill: "#f07c12", ink: "#1b1b1b" },
  { name: "Teal", fill: "#0f776d", ink: "#fff" },
  { name: "Pink", fill: "#e0569b", ink: "#1b1b1b" },
];

/** seatColor resolves the server's color (a name or #hex) or falls back to the seat's palette entry. */
export function seatColor(seat: number, server?: string): SeatColor {
  const fallback = PALETTE[((seat % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
  if (!server) return fallback;
  const byName = PALETTE.find((c) => c.name.toLowerCase() === server.toLowerCase());
  if (byName) return byName;
  if (/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(server)) return { name: fallback.name, fill: server, ink: inkFor(server) };
  return { ...fallback, name: server[0]!.toUpperCase() + server.slice(1) };
}

const COLOR_IDS: Record<string, MessageId> = {
  red: "color.red",
  blue: "color.blue",
  green: "color.green",
  yellow: "color.yellow",
  purple: "color.purple",
  orange: "color.orange",
  teal: "color.teal",
  pink: "color.pink",
};

/** colorName is a seat color's name in the reader's language ("Red" → "Rot"); a color the catalog lacks keeps its own name. */
export function colorName(name: string): string {
  const id = COLOR_IDS[name.toLowerCase()];
  return id ? t(id) : name;
}

/** luminance is the WCAG relative luminance of a #hex color (0 black to 1 white). */
export function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** contrast is the WCAG contrast ratio of two #hex colors, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** inkFor picks black or white text for a #hex background, whichever stands out more. */
export function inkFor(hex: string): string {
  return contrast(hex, "#1b1b1b") >= contrast(hex, "#ffffff") ? "#1b1b1b" : "#fff";
}

/** Token shapes per seat, so players tell tokens apart without color. */
export const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon", "cross"] as const;
export type Shape = (typeof SHAPES)[number];

export function seatShape(seat: number): Shape {
  return SHAPES[((seat % SHAPES.length) + SHAPES.length) % SHAPES.length]!;
}

/** initials: "Ana Lopez" → "AL", "bo" → "B". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  return parts
    .slice(0, 2)
    .map((p) => [...p][0]!.toUpperCase())
    .join("");
}

/** plural: plural(1, "turn") → "1 turn", plural(3, "turn") → "3 turns". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/**
 * keepNames joins the words of each name in text with no-break spaces, so a
 * line breaks around a player's name, never inside it ("Computer 3").
 */
export function keepNames(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (/\s/.test(name.trim())) out = out.split(name).join(name.replace(/\s+/g, "\u00a0"));
  }
  return out;
}
