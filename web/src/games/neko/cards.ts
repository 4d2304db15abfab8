// Neko Harbour's cards as content (the engine's own games/neko/data/content.json,
// imported at build time) and their labels in our words, from the game's
// catalogs (i18n/*.json): a name, a timing type, a short effect with icons
// (written as {fish}, {coin}… and drawn by <Rich>), a full sentence for the
// large card, and the dots. No rules are decided here:
// what a player may do comes from the server's legal moves.

import raw from "../../../../games/neko/data/content.json";
import { formatNumber, type MessageId, t } from "../../i18n/i18n";

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

/** A pattern per kind, so kinds never differ by color alone. */
export const KIND_MARKS: Record<string, string> = { PO: "✎", ST: "⌂", SY: "⚒", SV: "≈", TC: "✪", RS: "⚗", FB: "⚓" };

/** kindName is a kind's name in the reader's language. */
export const kindName = (code: string): string => (code in KIND_MARKS ? t(`neko.kind.${code}` as MessageId) : code);

/** The timing types of the cards' effects. */
export type Timing = "turn" | "arrive" | "now" | "end" | "always";

/** Each effect's timing type; its words are the catalog's neko.eff.<effect>.short and .full, icons as {fish}, {coin}… */
const E: Record<string, Timing> = {
  licence: "turn",
  coin: "turn",
  fuel: "turn",
  goods_on_arrival: "arrive",
  goods_on_arrival_capacity: "arrive",
  upgrade_on_arrival: "arrive",
  immediate_vp_per_ship: "now",
  end_set: "end",
  end_goods: "end",
  end_harbour: "end",
  end_captain: "end",
  rs_deactivate_bonus: "always",
  rs_licence_discount: "always",
  rs_income_bonus: "turn",
  rs_better_attraction: "always",
  rs_harbour_penguin: "always",
  rs_flip: "turn",
  rs_big_hub_goods: "arrive",
  rs_top_place: "always",
  rs_fish_on_miss: "always",
  rs_no_limit: "always",
  swap_captain_licence: "arrive",
  swap_captain_fish_goods: "arrive",
  swap_fish4_penguin: "arrive",
  swap_penguin_fish_captain: "arrive",
  swap_fish3_licence_goods: "arrive",
  end_per_penguin: "end",
  end_per_licence: "end",
  end_per_goods: "end",
  end_per_captain: "end",
  end_hub: "end",
};

/** The icon marks a message may hold, each given as itself so that <Rich> draws it. */
const MARKS = {
  fish: "{fish}",
  goods: "{goods}",
  licence: "{licence}",
  penguin: "{penguin}",
  captain: "{captain}",
  vp: "{vp}",
  coin: "{coin}",
  fuel: "{fuel}",
};

/** effectText words a card's effect, short or full, with its amount. */
function effectText(n: number, form: "short" | "full"): string {
  const c = CARDS[n];
  if (!c || !(c.effect in E)) return "";
  return t(`neko.eff.${c.effect}.${form}` as MessageId, { a: c.amount, ...MARKS });
}

export function card(n: number): CardInfo | undefined {
  return CARDS[n];
}

/** cardName is a card's name: its kind, and for fishing boats and research stations what sets it apart. */
export function cardName(n: number): string {
  const c = CARDS[n];
  if (!c) return t("neko.cardNumber", { n });
  return kindName(c.kind);
}

const timingKey = (n: number): Timing => E[CARDS[n]?.effect ?? ""] ?? "always";

/** timing is the name of a card's timing type. */
export const timing = (n: number): string => t(`neko.timing.${timingKey(n)}` as MessageId);

/** shortEffect is the effect in a few words, icons as {fish}, {coin}… */
export const shortEffect = (n: number): string => effectText(n, "short");

/** fullEffect is the effect as a sentence, for the large card. */
export const fullEffect = (n: number): string => effectText(n, "full");

/** timingRule is the line that explains a card's timing type, in a sentence of our own. */
export const timingRule = (n: number): string => t(`neko.timingRule.${timingKey(n)}` as MessageId);

/**
 * playRule says what playing the card costs and where it goes: cards cost
 * nothing to play; a card joins the column of its kind or starts a new one,
 * a fishing boat is always a column of its own, and any card may instead
 * be tucked as a hub for its value and 2 fish.
 */
export function playRule(n: number): string {
  const c = CARDS[n];
  if (!c) return "";
  const tuck = t("neko.playRule.tuck", { hub: c.hub });
  if (c.kind === "FB") return t("neko.playRule.boat", { tuck });
  return t("neko.playRule.card", { kind: kindName(c.kind), tuck });
}

/** plain turns {icon} marks into words, for spoken labels and the log. */
export const plain = (s: string): string => s.replace(/\{(\w+)\}/g, (_, k: string) => iconWord(k));

/** ICONS are the icons a card or a count may show. */
export const ICONS = ["fish", "goods", "licence", "penguin", "captain", "vp", "coin", "fuel"] as const;

/** iconWord is an icon's word, for screen readers and plain text. */
export const iconWord = (k: string): string => ((ICONS as readonly string[]).includes(k) ? t(`neko.icon.${k}` as MessageId) : k);

/** countWords says n cards or icons of a kind: "2 fish", "3 licences". */
export const countWords = (n: number, k: string): string =>
  (ICONS as readonly string[]).includes(k) ? t(`neko.count.${k}` as MessageId, { n }) : `${formatNumber(n)} ${k}`;

/** cardLabel is what a screen reader says for a card. */
export function cardLabel(n: number): string {
  const c = CARDS[n];
  if (!c) return t("neko.cardNumber", { n });
  const dots = c.dots > 0 ? t("neko.cardLabel.dots", { n: c.dots }) : "";
  return t("neko.cardLabel", { name: cardName(n), id: c.id, period: c.period, timing: timing(n), effect: plain(shortEffect(n)), hub: c.hub, dots });
}

/** rewardText says what an attraction or harbour reward gives, in words. */
export function rewardText(r: Record<string, number | string>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(r)) {
    if (k === "upgrade") parts.push(t("neko.reward.upgrade", { n: Number(v) }));
    else if (k === "choice") parts.push(t(v === "neko" ? "neko.reward.any2" : "neko.reward.halfMoon"));
    else if (typeof v === "number") parts.push(countWords(v, k));
  }
  return parts.length ? parts.join(" + ") : t("neko.reward.nothing");
}

/** attractionRewards gives an attraction's better and lesser reward, in words. */
export function attractionRewards(id: string): { better: string; lesser: string } {
  const a = content.attractions.find((x) => x.id === id);
  return { better: a ? rewardText(a.better) : "", lesser: a ? rewardText(a.lesser) : "" };
}

/** attractionName is an attraction's name in the reader's language. */
export const attractionName = (id: string, fallback = ""): string =>
  content.attractions.some((a) => a.id === id) ? t(`neko.attr.${id}` as MessageId) : fallback || id;

/** harbourCost is the licences the next harbour level costs, or null at the top. */
export const harbourCost = (level: number): number | null => HARBOUR[level]?.cost ?? null;

/** harbourReward is the hub reward of a harbour level, in words. */
export const harbourReward = (level: number): string => rewardText(HARBOUR[level - 1]?.reward ?? {});

const pair = (a: string, b: string) => (a === b ? countWords(2, a) : `${countWords(1, a)} + ${countWords(1, b)}`);
const NEKO_KINDS = ["fish", "goods", "licence", "penguin"];

/** choiceText words one option of a waiting choice, from the content's own lists. */
export function choiceText(name: string, option: number, boat: number): string {
  switch (name) {
    case "hubReward":
      return t("neko.choice.level", { level: option, reward: harbourReward(option) });
    case "halfMoon": {
      const half = [countWords(1, "fish"), countWords(1, "goods"), countWords(1, "licence"), `${countWords(1, "vp")} + ${countWords(1, "fish")}`];
      return half[option] ?? t("neko.choice.option", { n: option });
    }
    case "neko": {
      const out: string[] = [];
      for (let i = 0; i < NEKO_KINDS.length; i++) for (let j = i; j < NEKO_KINDS.length; j++) out.push(pair(NEKO_KINDS[i]!, NEKO_KINDS[j]!));
      return out[option] ?? t("neko.choice.option", { n: option });
    }
    case "boatSwap": {
      if (option === 0) return t("neko.choice.noSwap");
      const fwd = BOAT_SWAPS[CARDS[boat]?.effect ?? ""] ?? [];
      const swap = [...fwd, ...fwd.map(([give, get]): Swap => [get, give])][option - 1];
      return swap ? t("neko.choice.swap", { give: bundleWords(swap[0]), get: bundleWords(swap[1]) }) : t("neko.choice.swapN", { n: option });
    }
  }
  return t("neko.choice.option", { n: option });
}

/** bundleWords says counts of icons joined by " + ": "1 captain + 1 fish". */
const bundleWords = (b: Record<string, number>): string =>
  Object.entries(b)
    .map(([k, n]) => countWords(n, k))
    .join(" + ");

/** A swap: what the player gives and what they get. */
type Swap = [Record<string, number>, Record<string, number>];

/**
 * The swaps of each swap boat one way; the engine offers them in this order
 * and then each the other way back (games/neko/choice.go).
 */
const BOAT_SWAPS: Record<string, Swap[]> = {
  swap_captain_licence: [[{ captain: 1 }, { licence: 1 }]],
  swap_captain_fish_goods: [[{ captain: 1, fish: 1 }, { goods: 1 }]],
  swap_fish4_penguin: [[{ fish: 4 }, { penguin: 1 }]],
  swap_penguin_fish_captain: [[{ penguin: 1, fish: 1 }, { captain: 1 }]],
  swap_fish3_licence_goods: [
    [{ fish: 3 }, { licence: 1 }],
    [{ fish: 3 }, { goods: 1 }],
  ],
};

/** The choices the engine may wait on, each headed by the catalog's neko.choiceTitle.<name>. */
const CHOICES = { hubReward: true, boatSwap: true, halfMoon: true, neko: true };

/** choiceTitle heads a waiting choice. */
export const choiceTitle = (name: string): string => (name in CHOICES ? t(`neko.choiceTitle.${name}` as MessageId) : t("neko.choiceTitle.other"));
