// The page's language: which one a person reads (chosen as people expect:
// their own choice, remembered in this browser, else the browser's
// languages, else English), its catalog of ICU MessageFormat messages
// (en.json, de.json, es.json beside this file), and numbers, dates and lists
// through Intl in that language. English is part of the first page; German
// and Spanish are chunks of their own, loaded before the page draws in them.
// `pseudo` is English with every string about a third longer and accented
// (pseudo.ts), for checking that a layout survives a longer language.
//
// t(id, values) reads the language signal, so a component that calls it
// draws again when the language changes.

import { signal } from "@preact/signals";
import { type ComponentChildren, cloneElement, isValidElement } from "preact";
import { type MessageFormatElement, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import en from "./en.json";
import { pseudoMessage } from "./pseudo";

// Each game keeps its words in catalogs of its own (games/<game>/i18n/<lang>.json):
// its log lines, card and place names and screens. They are merged into the
// language's catalog, English's into the first page, the others with their language.
const gameEnglish = import.meta.glob<Catalog>("../games/*/i18n/en.json", { eager: true, import: "default" });
const gameLoaders = {
  de: import.meta.glob<Catalog>("../games/*/i18n/de.json", { import: "default" }),
  es: import.meta.glob<Catalog>("../games/*/i18n/es.json", { import: "default" }),
};
const english: Catalog = Object.assign({}, en, ...Object.values(gameEnglish));

/** The languages a person can choose, as their own names say them. */
export const LANGUAGES = [
  { id: "en", name: "English" },
  { id: "de", name: "Deutsch" },
  { id: "es", name: "Español" },
] as const;

export type Lang = (typeof LANGUAGES)[number]["id"] | "pseudo";
/** A message id: one of the shared catalog's, or a game's ("holdings.rent"), which the catalog test checks. */
export type MessageId = keyof typeof en | `${string}.${string}`;
export type Catalog = Record<string, string>;
export type Values = Record<string, string | number | Date>;

/** Where this browser remembers the person's choice. */
export const LANG_KEY = "harbor.lang";

const isLang = (s: string): s is Lang => s === "pseudo" || LANGUAGES.some((l) => l.id === s);

/**
 * chooseLanguage is the language a page opens in: the person's own choice
 * when it is one Harbor has (saved), else the first of the browser's
 * languages (navigator.languages, most preferred first) whose primary
 * subtag Harbor speaks ("de-AT" is German), else English.
 */
export function chooseLanguage(saved: string | null | undefined, browser: readonly string[]): Lang {
  if (saved && isLang(saved)) return saved;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? "";
    if (primary !== "pseudo" && isLang(primary)) return primary;
  }
  return "en";
}

/** The language the page shows now. */
export const lang = signal<Lang>("en");

const catalogs: Partial<Record<Lang, Catalog>> = { en: english };
/** The loaded catalog of the current language; a signal, so t() follows a change. */
const current = signal<Catalog>(english);

const loaders: Record<Exclude<Lang, "en" | "pseudo">, () => Promise<{ default: Catalog }>> = {
  de: () => import("./de.json"),
  es: () => import("./es.json"),
};

/** loadCatalog fetches a language's catalog once (English and pseudo need nothing fetched). */
export async function loadCatalog(l: Lang): Promise<Catalog> {
  const have = catalogs[l];
  if (have) return have;
  const cat =
    l === "pseudo" || l === "en"
      ? english
      : Object.assign({}, (await loaders[l]()).default, ...(await Promise.all(Object.values(gameLoaders[l]).map((load) => load()))));
  catalogs[l] = cat;
  return cat;
}

/**
 * switchLanguage switches the page to l once its catalog is loaded, and marks
 * the document's language for screen readers and hyphenation.
 */
export async function switchLanguage(l: Lang): Promise<void> {
  const cat = await loadCatalog(l);
  formats.clear();
  lang.value = l;
  current.value = cat;
  if (globalThis.document) document.documentElement.lang = l === "pseudo" ? "en" : l;
}

/** chooseAndRemember is the person's choice in the page: shown at once and remembered in this browser. */
export async function chooseAndRemember(l: Lang): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANG_KEY, l);
  } catch {
    /* private mode: the choice holds for this page only */
  }
  void tellServerLanguage(l);
  await switchLanguage(l);
}

/**
 * startLanguage sets the language a page opens in, before it first draws:
 * this browser's own choice, else the person's as the server keeps it, else
 * the browser's languages (see "The person's language on the server" below).
 */
export async function startLanguage(): Promise<void> {
  let saved: string | null = null;
  try {
    saved = globalThis.localStorage?.getItem(LANG_KEY) ?? null;
  } catch {
    saved = null;
  }
  const browser = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? "en"];
  const own = saved && isLang(saved) ? saved : null;
  const person = own ? null : await serverLanguage();
  const l = chooseLanguage(own ?? person, browser);
  if (own) {
    void serverLanguage().then((p) => {
      if (p === null) void tellServerLanguage(own);
    });
  } else if (person === null) void tellServerLanguage(l);
  await switchLanguage(l).catch(() => switchLanguage("en"));
}

/** intlLocale is the locale Intl formats in for the current language. */
export const intlLocale = (): string => (lang.value === "pseudo" ? "en" : lang.value);

const formats = new Map<string, IntlMessageFormat>();
/** ids no catalog has, by language and id as formats keeps them */
const missing = new Set<string>();
/**
 * unknownSaid holds every id the page was asked to say that no catalog has
 * (it then shows the id itself): the gallery reports them as a screen's
 * problems, and a test may clear it.
 */
export const unknownSaid = new Set<string>();

/** format is a message of the current language, compiled once a language. */
function format(id: MessageId): IntlMessageFormat {
  const cat = current.value;
  const l = lang.value;
  const key = `${l}\u0000${id}`;
  let f = formats.get(key);
  if (!f) {
    // A message a catalog lacks falls back to English (the catalog test
    // keeps every catalog complete, so this is only a safety net).
    const source = cat[id] ?? english[id];
    if (source === undefined) missing.add(key);
    f = new IntlMessageFormat(l === "pseudo" ? pseudoMessage(source ?? id) : (source ?? id), intlLocale());
    formats.set(key, f);
  }
  if (missing.has(key)) unknownSaid.add(id);
  return f;
}

/** t says a message of the current language with its values, as plain text. */
export function t(id: MessageId, values?: Values): string {
  return String(format(id).format(values));
}

/**
 * tr says a message whose words hold marked parts (`<b>…</b>`): each tag's
 * value is a function from the words inside it to what the page draws.
 */
export function tr(id: MessageId, values: Record<string, string | number | ((words: ComponentChildren[]) => ComponentChildren)>): ComponentChildren {
  const out = format(id).format<ComponentChildren>(values as Record<string, ComponentChildren>);
  return Array.isArray(out) ? out.map((part, i) => (isValidElement(part) ? cloneElement(part, { key: i }) : part)) : out;
}

const plainNames = new WeakMap<IntlMessageFormat, ReadonlySet<string>>();

/**
 * plainArguments are the names a message says as they come ("costs {price}"),
 * never through a plural, select or format of its own. A server's number in
 * one of them is said in the reader's locale (999999 → "999.999" in German),
 * as a plural's "#" already is; a name a plural also counts stays a number.
 */
function plainArguments(f: IntlMessageFormat): ReadonlySet<string> {
  let names = plainNames.get(f);
  if (names) return names;
  const plain = new Set<string>();
  const other = new Set<string>();
  const visit = (els: MessageFormatElement[]): void => {
    for (const el of els) {
      if (el.type === TYPE.argument) plain.add(el.value);
      else if (el.type === TYPE.plural || el.type === TYPE.select) {
        other.add(el.value);
        for (const o of Object.values(el.options)) visit(o.value);
      } else if (el.type === TYPE.tag) visit(el.children);
      else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) other.add(el.value);
    }
  };
  visit(f.getAst());
  names = new Set([...plain].filter((n) => !other.has(n)));
  plainNames.set(f, names);
  return names;
}

/** A message as the server sends it (game.Msg): an id and its values. */
export interface Msg {
  id: string;
  v?: Record<string, unknown>;
}

/** isMsg tells a message (an object with a string id) from any other value. */
export const isMsg = (x: unknown): x is Msg => typeof x === "object" && x !== null && typeof (x as Msg).id === "string";

/**
 * word says a message of the server's in the current language. Its values
 * are names people chose (strings, shown as they are), numbers, translated
 * words and nested lines (messages, worded first) and lists of those
 * (joined as the language joins lists).
 */
export function word(m: Msg): string {
  const plain = plainArguments(format(m.id as MessageId));
  const values: Values = {};
  for (const [k, v] of Object.entries(m.v ?? {})) {
    if (typeof v === "number" && plain.has(k)) values[k] = formatNumber(v);
    else if (typeof v === "string" || typeof v === "number") values[k] = v;
    else if (isMsg(v)) values[k] = word(v);
    else if (Array.isArray(v)) values[k] = formatList(v.map((x) => (isMsg(x) ? word(x) : String(x))));
    else values[k] = String(v);
  }
  return t(m.id as MessageId, values);
}

/** eventText is a log line in the reader's language: its message worded, or the text of a line that has none. */
export function eventText(e: { text: string; msg?: Msg }): string {
  return e.msg ? word(e.msg) : e.text;
}

/** formatNumber says a number in the reader's locale: 1500 → "1,500", "1.500", "1500". */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(n);
}

/** formatDate says a moment in the reader's locale and the browser's time zone. */
export function formatDate(at: number | Date, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(), options).format(at);
}

/** formatList joins names as the reader's language does: "Ana, Bo and Cy", "Ana, Bo und Cy", "Ana, Bo y Cy". */
export function formatList(items: readonly string[]): string {
  // British English has no comma before "and", as Harbor's English always wrote.
  const locale = lang.value === "en" || lang.value === "pseudo" ? "en-GB" : lang.value;
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
}

// The person's language on the server (docs/api.md, "A person's language"):
// kept by person, so every browser linked to them shares it, and their
// notices and their tables' TV speak it. A browser's own choice (LANG_KEY)
// comes first; a browser without one opens in the person's language; when
// the server keeps none, the page tells it the one it opened in.

/** The API of the person's language. */
const LANG_API = "/api/lang";

/** serverLanguage is the person's language as the server keeps it: null when it keeps none or does not answer in time. */
export async function serverLanguage(timeoutMs = 2000): Promise<Lang | null> {
  try {
    const res = await fetch(LANG_API, { credentials: "same-origin", signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as { lang?: unknown };
    const l = typeof body?.lang === "string" ? body.lang : "";
    return l !== "pseudo" && isLang(l) ? l : null;
  } catch {
    return null;
  }
}

/** tellServerLanguage stores l as the person's language on the server; pseudo is this page's alone. */
export async function tellServerLanguage(l: Lang): Promise<void> {
  if (l === "pseudo") return;
  try {
    await fetch(LANG_API, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lang: l }),
    });
  } catch {
    /* offline: the choice holds in this browser, and is told again with the next one */
  }
}

/**
 * followHostLanguage switches a page with no person of its own (the TV) to
 * its table host's language, from the lobby's hostLang, unless this
 * browser has a choice of its own; nothing is remembered.
 */
export async function followHostLanguage(hostLang: string): Promise<void> {
  let saved: string | null = null;
  try {
    saved = globalThis.localStorage?.getItem(LANG_KEY) ?? null;
  } catch {
    saved = null;
  }
  if ((saved && isLang(saved)) || hostLang === "pseudo" || !isLang(hostLang) || hostLang === lang.value) return;
  await switchLanguage(hostLang);
}
