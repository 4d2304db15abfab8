// A game's rules help in Harbor's own words: "how to play", a reference
// organized by topic, and a line per move type saying what a move does. The
// content of each game is a JSON file (content/<game>/reference.json) loaded
// on demand; games/all's Go test reads the same files to check that every
// rule id an engine refuses with has a topic. Each game's help is also in
// German and Spanish (reference.de.json, reference.es.json beside it), each
// a chunk of its own, loaded in the page's language.

import { signal } from "@preact/signals";
import { type Lang, lang } from "../i18n/i18n";

/** A block of a topic's body: a paragraph, a list, a table, a row of icons, or the game's icon legend (components/IconLegend). */
export type Block = string | { list: string[] } | { table: string[][] } | { icons: string[] } | { legend: true };

export interface Topic {
  id: string;
  title: string;
  group: string;
  /** the engine's rule ids (clause ids of the rules notes) this topic explains */
  rules?: string[];
  keywords?: string[];
  body: Block[];
}

export interface Reference {
  game: string;
  name: string;
  /** a few words the search finds, offered as its example */
  searchHint: string;
  howTo: { goal: string; turn: string[]; end: string };
  /** what a move of each type does, keyed by the move's type */
  moves: Record<string, string>;
  topics: Topic[];
}

const files = import.meta.glob<Reference>("../content/*/reference*.json", { import: "default" });

/** The languages a reference is written in; pseudo reads the English. */
export type ReferenceLang = "en" | "de" | "es";
export const referenceLang = (l: Lang): ReferenceLang => (l === "pseudo" ? "en" : l);
const file = (game: string, l: ReferenceLang) => `../content/${game}/reference${l === "en" ? "" : `.${l}`}.json`;

/** hasReference says whether game has rules help. */
export const hasReference = (game: string) => file(game, "en") in files;

/** loadReference fetches a game's reference in language l, English by default (one chunk per game and language). */
export async function loadReference(game: string, l: Lang = "en"): Promise<Reference> {
  const load = files[file(game, referenceLang(l))];
  if (!load) throw new Error(`no rules reference for ${game} in ${l}`);
  return load();
}

/** The references loaded so far, by game and language ("holdings/de"); screens read it and ask for more with wantReference. */
export const references = signal<Record<string, Reference>>({});
const asked = new Set<string>();

/**
 * wantReference starts loading game's reference in the page's language once
 * and returns it when it is there. It reads the language signal, so a screen
 * that calls it draws again, in the new language, when the language changes.
 */
export function wantReference(game: string): Reference | undefined {
  const l = referenceLang(lang.value);
  const key = `${game}/${l}`;
  const have = references.value[key];
  if (have || asked.has(key) || !hasReference(game)) return have;
  asked.add(key);
  loadReference(game, l).then(
    (r) => (references.value = { ...references.value, [key]: r }),
    () => asked.delete(key),
  );
  return undefined;
}

/** plainText is a block's words, for searching. */
function plainText(b: Block): string {
  if (typeof b === "string") return b;
  if ("list" in b) return b.list.join(" ");
  if ("table" in b) return b.table.map((r) => r.join(" ")).join(" ");
  if ("legend" in b) return "";
  return b.icons.join(" ");
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/:([a-z]+):/g, "$1");

/**
 * searchTopics returns the topics matching every word of query, best first:
 * a word in the title counts most, then a keyword or rule id, then the body.
 * An empty query returns every topic in order.
 */
export function searchTopics(ref: Reference, query: string): Topic[] {
  const words = fold(query)
    .split(/[^a-z0-9&-]+/)
    .filter(Boolean);
  if (words.length === 0) return ref.topics;
  const scored: { t: Topic; score: number; i: number }[] = [];
  ref.topics.forEach((t, i) => {
    const title = fold(t.title);
    const keys = fold([...(t.keywords ?? []), ...(t.rules ?? []), t.group].join(" "));
    const body = fold(t.body.map(plainText).join(" "));
    let score = 0;
    for (const w of words) {
      const s = title.includes(w) ? 4 : keys.includes(w) ? 2 : body.includes(w) ? 1 : 0;
      if (s === 0) return;
      score += s;
    }
    scored.push({ t, score, i });
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((x) => x.t);
}

/** Options are a table's rules options, by key (a lobby's options). */
export type Options = Record<string, unknown>;

/**
 * fillOptions puts a table's option values into a text of the reference:
 * a mark {key|default} becomes the table's value of the option key, or the
 * default where the table has none (the home page, a table without it).
 */
export function fillOptions(text: string, options: Options | undefined): string {
  return text.replace(/\{([A-Za-z]+)\|([^{}|]*)\}/g, (_, key: string, fallback: string) => {
    const v = options?.[key];
    return typeof v === "number" || (typeof v === "string" && v !== "") ? String(v) : fallback;
  });
}

/** topicForRule returns the topic that explains an engine's rule id. */
export function topicForRule(ref: Reference, rule: string): Topic | undefined {
  return ref.topics.find((t) => t.rules?.includes(rule));
}

/** topicById returns a topic of ref by its id. */
export const topicById = (ref: Reference, id: string) => ref.topics.find((t) => t.id === id);

const HASH = "#rules/";

/** topicHref is the link that opens a topic of the page's game: "#rules/<topic>"; "#rules/" opens the reference at its start. */
export const topicHref = (topic = "") => `${HASH}${encodeURIComponent(topic)}`;

/** parseTopicHash reads a topic link: null when hash is not one, "" for the reference's start. */
export function parseTopicHash(hash: string): string | null {
  if (hash === "#rules") return "";
  if (!hash.startsWith(HASH)) return null;
  return decodeURIComponent(hash.slice(HASH.length));
}

/** moveLine says what a move will do, from its type; "" when the reference has no line for it. */
export function moveLine(ref: Reference | undefined, type: string): string {
  return ref?.moves[type] ?? "";
}

/** groups returns the topic groups in their first order of appearance. */
export function groups(topics: Topic[]): { name: string; topics: Topic[] }[] {
  const out: { name: string; topics: Topic[] }[] = [];
  for (const t of topics) {
    let g = out.find((x) => x.name === t.group);
    if (!g) out.push((g = { name: t.group, topics: [] }));
    g.topics.push(t);
  }
  return out;
}
