// The pseudo language: English with every letter accented and each run of
// text about a third longer (vowels doubled, then filler), placeholders,
// plurals and selects kept as they are. A screen that fits and reads in it
// survives German's long words; a string that shows up unaccented was never
// put in the catalog.

import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ö",
  u: "ü",
  y: "ý",
  c: "ç",
  n: "ñ",
  s: "š",
  z: "ž",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ö",
  U: "Ü",
  Y: "Ý",
  C: "Ç",
  N: "Ñ",
  S: "Š",
  Z: "Ž",
};

/**
 * pseudoWord accents a word and lengthens it by a third, rounded up: its
 * first vowels doubled, then its last letter. A word comes out the same
 * wherever it stands, so a button's words stay part of its spoken name.
 */
function pseudoWord(word: string): string {
  let more = Math.ceil([...word].length / 3);
  let out = "";
  for (const c of word) {
    const a = ACCENTS[c] ?? c;
    out += a;
    if (more > 0 && "aeiouAEIOU".includes(c)) {
      out += a;
      more--;
    }
  }
  const last = [...out].pop() ?? "";
  return out + last.repeat(more);
}

/** pseudoText accents every letter it can and lengthens each word by a third, rounded up. */
export function pseudoText(text: string): string {
  return text.replace(/\p{L}+/gu, pseudoWord);
}

function walk(els: MessageFormatElement[]): MessageFormatElement[] {
  return els.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: pseudoText(el.value) };
      case TYPE.plural:
      case TYPE.select:
        return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])) };
      case TYPE.tag:
        return { ...el, children: walk(el.children) };
      default:
        return el;
    }
  });
}

/** pseudoMessage is an English ICU message in the pseudo language, as a parsed message. */
export function pseudoMessage(source: string): MessageFormatElement[] {
  return walk(parse(source));
}
