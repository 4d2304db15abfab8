// Neko Harbour's cards as content (the engine's own games/neko/data/content.json,
// imported at build time) and their labels in our words: a name, a timing type,
// a short effect with icons (written as {fish}, {coin}… and drawn by <Rich>),
// a full sentence for the large card, and the dots. No rules are decided here:
// what a player may do comes from the server's legal moves.

import raw from "../../../../games/neko/data/content.json";

export interface CardInfo {
  number: number;
  id: string;
  period: number;
  /** PO, ST, SY, SV, TC, RS or FB */
  kind: string;
  effect: string;
  amount: number;
  dots: number;
  hub: number;
  module: string;
}

interface Content {
  cards: (Omit<CardInfo, "number" | "amount" | "module"> & { amount?: number; module?: string })[];
  harbour: { level: number; cost: number; captains: number; reward: Record<string, number> }[];
  attractions: { id: string; name: string; better: Record<string, number | string>; lesser: Record<string, number | string>; module?: string }[];
  supplyLimit: number;
  ghostPoints: number;
}

const content = raw as unknown as Content;

export const CARDS: readonly CardInfo[] = content.cards.map((c, number) => ({ amount: 0, module: "", ...c, number }));
export const HARBOUR = content.harbour;
export const GHOST_POINTS = content.ghostPoints;

export const KIND_NAMES: Record<string, string> = {
  PO: "Permit Office",
  ST: "Seaside Town",
  SY: "Shipyard",
  SV: "Supply Vessel",
  TC: "Tourist Center",
  RS: "Research Station",
  FB: "Fishing Boat",
};

/** A pattern per kind, so kinds never differ by color alone. */
export const KIND_MARKS: Record<string, string> = { PO: "✎", ST: "⌂", SY: "⚒", SV: "≈", TC: "✪", RS: "⚗", FB: "⚓" };

export type Timing = "Once per turn" | "Ship moves in" | "Immediate" | "Game end" | "Always on";

interface EffectText {
  timing: Timing;
  /** short words with icons */
  short: (a: number) => string;
  /** the whole effect as a sentence */
  full: (a: number) => string;
}

const E: Record<string, EffectText> = {
  licence: {
    timing: "Once per turn",
    short: (a) => `+${a} {licence} icon`,
    full: (a) => `Each of your turns, when this column activates, you have ${a} licence icon${a > 1 ? "s" : ""} to spend on harbour or ship upgrades.`,
  },
  coin: {
    timing: "Once per turn",
    short: (a) => `+${a} {coin}`,
    full: (a) => `Each of your turns, when this column activates, you have ${a} coins to spend on ships and licences.`,
  },
  fuel: {
    timing: "Once per turn",
    short: (a) => `+${a} {fuel}`,
    full: (a) => `Each of your turns, when this column activates, you have ${a} fuel to move your ships.`,
  },
  goods_on_arrival: { timing: "Ship moves in", short: () => `+1 {goods}`, full: () => "Whenever one of your ships moves into this column, take 1 goods card." },
  goods_on_arrival_capacity: {
    timing: "Ship moves in",
    short: (a) => `+1 {goods}, limit +${a}`,
    full: (a) => `Whenever one of your ships moves into this column, take 1 goods card. Your supply may also hold ${a} more cards.`,
  },
  upgrade_on_arrival: {
    timing: "Ship moves in",
    short: () => "ship +1 level",
    full: () => "Whenever one of your ships moves into this column, it goes up one level.",
  },
  immediate_vp_per_ship: {
    timing: "Immediate",
    short: () => "1 {vp} per ship",
    full: () => "When played: score 1 point for every ship you have in play, as point cards.",
  },
  end_set: {
    timing: "Game end",
    short: (a) => `${a} {vp} per 3 of this kind`,
    full: (a) => `At the end: ${a} points for every 3 cards of this kind in your columns (this one counts).`,
  },
  end_goods: { timing: "Game end", short: () => "+1 {vp} per {goods}", full: () => "At the end: every goods card you hold scores 1 more point." },
  end_harbour: { timing: "Game end", short: () => "{vp} = harbour level", full: () => "At the end: score as many points as your harbour level." },
  end_captain: { timing: "Game end", short: () => "+1 {vp} per {captain}", full: () => "At the end: every captain you hold scores 1 more point." },
  rs_deactivate_bonus: {
    timing: "Always on",
    short: () => "deactivate: +1 {fish} +2 {licence}",
    full: () => "Whenever you deactivate a card as a hub, you also take 1 fish and 2 licences.",
  },
  rs_licence_discount: { timing: "Always on", short: () => "licence costs 2 {coin}", full: () => "You buy licences for 2 coins instead of 3." },
  rs_income_bonus: {
    timing: "Once per turn",
    short: () => "+2 {coin} or +1 {fuel}",
    full: () => "Once a turn, add 2 coins or 1 fuel when the matching column activates.",
  },
  rs_better_attraction: {
    timing: "Always on",
    short: () => "always the better reward",
    full: () => "Your ships always take an attraction's better reward (still once per ship).",
  },
  rs_harbour_penguin: {
    timing: "Always on",
    short: () => "harbour up: +1 {penguin}",
    full: () => "Every time you upgrade your harbour, take 1 penguin card too.",
  },
  rs_flip: {
    timing: "Once per turn",
    short: () => "flip {fish}→{goods} or {licence}→{penguin}",
    full: () => "Once a turn, in this column's window, turn one fish into goods or one licence into a penguin.",
  },
  rs_big_hub_goods: {
    timing: "Ship moves in",
    short: () => "hub 6+: +1 {goods}",
    full: () => "Whenever one of your ships moves into a column whose hub is 6 or more, take 1 goods card.",
  },
  rs_top_place: {
    timing: "Always on",
    short: () => "top place at attractions",
    full: () => "Your ships arriving at an attraction take its highest place, so you win its ties.",
  },
  rs_fish_on_miss: {
    timing: "Always on",
    short: () => "hub misses: +1 {fish}",
    full: () => "Whenever a ship moves in and the hub gives no reward, take 1 fish instead.",
  },
  rs_no_limit: { timing: "Always on", short: () => "no supply limit", full: () => "Your supply has no limit on cards." },
  swap_captain_licence: {
    timing: "Ship moves in",
    short: () => "swap {captain} ⇄ {licence}",
    full: () => "Whenever a ship moves in, you may swap a captain for a licence, or back.",
  },
  swap_captain_fish_goods: {
    timing: "Ship moves in",
    short: () => "swap {captain}+{fish} ⇄ {goods}",
    full: () => "Whenever a ship moves in, you may swap a captain and a fish for a goods card, or back.",
  },
  swap_fish4_penguin: {
    timing: "Ship moves in",
    short: () => "swap 4 {fish} ⇄ {penguin}",
    full: () => "Whenever a ship moves in, you may swap 4 fish for a penguin, or back.",
  },
  swap_penguin_fish_captain: {
    timing: "Ship moves in",
    short: () => "swap {penguin}+{fish} ⇄ {captain}",
    full: () => "Whenever a ship moves in, you may swap a penguin and a fish for a captain, or back.",
  },
  swap_fish3_licence_goods: {
    timing: "Ship moves in",
    short: () => "swap 3 {fish} ⇄ {licence}/{goods}",
    full: () => "Whenever a ship moves in, you may swap 3 fish for a licence or a goods card, or back.",
  },
  end_per_penguin: { timing: "Game end", short: () => "+1 {vp} per {penguin}", full: () => "At the end: every penguin you hold scores 1 more point." },
  end_per_licence: { timing: "Game end", short: () => "1 {vp} per {licence}", full: () => "At the end: every licence you hold scores 1 point." },
  end_per_goods: { timing: "Game end", short: () => "+1 {vp} per {goods}", full: () => "At the end: every goods card you hold scores 1 more point." },
  end_per_captain: { timing: "Game end", short: () => "+1 {vp} per {captain}", full: () => "At the end: every captain you hold scores 1 more point." },
  end_hub: {
    timing: "Game end",
    short: () => "best small hub in {vp}",
    full: () => "At the end: your best hub among columns of at most 3 cards scores its level in points.",
  },
};

const unknownEffect: EffectText = { timing: "Always on", short: () => "", full: () => "" };

export function card(n: number): CardInfo | undefined {
  return CARDS[n];
}

export const kindName = (code: string): string => KIND_NAMES[code] ?? code;

/** cardName is a card's name: its kind, and for fishing boats and research stations what sets it apart. */
export function cardName(n: number): string {
  const c = CARDS[n];
  if (!c) return `Card ${n}`;
  return kindName(c.kind);
}

export const timing = (n: number): Timing => (E[CARDS[n]?.effect ?? ""] ?? unknownEffect).timing;

/** shortEffect is the effect in a few words, icons as {fish}, {coin}… */
export function shortEffect(n: number): string {
  const c = CARDS[n];
  if (!c) return "";
  return (E[c.effect] ?? unknownEffect).short(c.amount);
}

/** fullEffect is the effect as a sentence, for the large card. */
export function fullEffect(n: number): string {
  const c = CARDS[n];
  if (!c) return "";
  return (E[c.effect] ?? unknownEffect).full(c.amount);
}

/** TIMING_RULES says what each timing type means, in a sentence of our own. */
export const TIMING_RULES: Record<Timing, string> = {
  "Once per turn":
    "It works once in each of your turns, when its column takes its turn (columns go left to right after you play a card); cards stacked in one column add up.",
  "Ship moves in": "It works every time one of your ships arrives in its column.",
  Immediate: "It works once, the moment you play it; afterwards you keep it in its column or tuck it under any column as a hub.",
  "Game end": "It does nothing during play and scores at the final count.",
  "Always on": "It works all game from the moment it lies in your line.",
};

/** timingRule is the line that explains a card's timing type. */
export const timingRule = (n: number): string => TIMING_RULES[timing(n)];

/**
 * playRule says what playing the card costs and where it goes: cards cost
 * nothing to play; a card joins the column of its kind or starts a new one,
 * a fishing boat is always a column of its own, and any card may instead
 * be tucked as a hub for its value and 2 fish.
 */
export function playRule(n: number): string {
  const c = CARDS[n];
  if (!c) return "";
  const tuck = `Or tuck it under any column instead: that hub goes up by ${c.hub} and you take 2 fish.`;
  if (c.kind === "FB") return `Free to place: a fishing boat becomes a new column at the end of your line. ${tuck}`;
  return `Free to play: it joins your ${kindName(c.kind)} column, or starts one at the end of your line. ${tuck}`;
}

/** plain turns {icon} marks into words, for spoken labels and the log. */
export const plain = (s: string): string => s.replace(/\{(\w+)\}/g, (_, k: string) => ICON_WORDS[k] ?? k);

export const ICON_WORDS: Record<string, string> = {
  fish: "fish",
  goods: "goods",
  licence: "licence",
  penguin: "penguin",
  captain: "captain",
  vp: "points",
  coin: "coins",
  fuel: "fuel",
};

/** cardLabel is what a screen reader says for a card. */
export function cardLabel(n: number): string {
  const c = CARDS[n];
  if (!c) return `Card ${n}`;
  const dots = c.dots > 0 ? `, ${c.dots} dots` : "";
  return `${cardName(n)} ${c.id}, period ${c.period}, ${timing(n)}: ${plain(shortEffect(n))}; hub ${c.hub}${dots}`;
}

/** rewardText says what an attraction or harbour reward gives, in words. */
export function rewardText(r: Record<string, number | string>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(r)) {
    if (k === "upgrade") parts.push(`ship +${v} level${v === 1 ? "" : "s"}`);
    else if (k === "choice") parts.push(v === "neko" ? "any 2 cards" : "1 resource, or 1 point card + 1 fish");
    else if (typeof v === "number") parts.push(`${v} ${ICON_WORDS[k] ?? k}`);
  }
  return parts.length ? parts.join(" + ") : "nothing";
}

/** attractionRewards gives an attraction's better and lesser reward, in words. */
export function attractionRewards(id: string): { better: string; lesser: string } {
  const a = content.attractions.find((x) => x.id === id);
  return { better: a ? rewardText(a.better) : "", lesser: a ? rewardText(a.lesser) : "" };
}

/** harbourCost is the licences the next harbour level costs, or null at the top. */
export const harbourCost = (level: number): number | null => HARBOUR[level]?.cost ?? null;

/** harbourReward is the hub reward of a harbour level, in words. */
export const harbourReward = (level: number): string => rewardText(HARBOUR[level - 1]?.reward ?? {});

const pair = (a: string, b: string) => (a === b ? `2 ${a}` : `1 ${a} + 1 ${b}`);
const NEKO_KINDS = ["fish", "goods", "licence", "penguin"];

/** choiceText words one option of a waiting choice, from the content's own lists. */
export function choiceText(name: string, option: number, boat: number): string {
  switch (name) {
    case "hubReward":
      return `Level ${option} reward: ${harbourReward(option)}`;
    case "halfMoon":
      return ["1 fish", "1 goods", "1 licence", "1 point card + 1 fish"][option] ?? `Option ${option}`;
    case "neko": {
      const out: string[] = [];
      for (let i = 0; i < NEKO_KINDS.length; i++) for (let j = i; j < NEKO_KINDS.length; j++) out.push(pair(NEKO_KINDS[i]!, NEKO_KINDS[j]!));
      return out[option] ?? `Option ${option}`;
    }
    case "boatSwap": {
      if (option === 0) return "No swap";
      const swaps = BOAT_SWAPS[CARDS[boat]?.effect ?? ""] ?? [];
      return swaps[option - 1] ?? `Swap ${option}`;
    }
  }
  return `Option ${option}`;
}

/** The swaps of each swap boat, in the engine's option order (games/neko/choice.go). */
const BOAT_SWAPS: Record<string, string[]> = {
  swap_captain_licence: ["Give 1 captain, get 1 licence", "Give 1 licence, get 1 captain"],
  swap_captain_fish_goods: ["Give 1 captain + 1 fish, get 1 goods", "Give 1 goods, get 1 captain + 1 fish"],
  swap_fish4_penguin: ["Give 4 fish, get 1 penguin", "Give 1 penguin, get 4 fish"],
  swap_penguin_fish_captain: ["Give 1 penguin + 1 fish, get 1 captain", "Give 1 captain, get 1 penguin + 1 fish"],
  swap_fish3_licence_goods: ["Give 3 fish, get 1 licence", "Give 3 fish, get 1 goods", "Give 1 licence, get 3 fish", "Give 1 goods, get 3 fish"],
};

export const choiceTitle = (name: string): string =>
  ({
    hubReward: "The hub gives a reward: choose its level",
    boatSwap: "Your fishing boat offers a swap",
    halfMoon: "Half Moon Island: choose your reward",
    neko: "Neko Harbour: choose 2 cards",
  })[name] ?? "Choose";
