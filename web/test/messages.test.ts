// The server's log lines as messages: for every message id a game sends
// (one sample of each, written by the Go test TestEveryMessageHasASample
// into test/messages/<game>.json), the English words are exactly the
// English line the engine wrote, and German and Spanish word it from their
// own catalogs, with every value filled in.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { isMsg, type Lang, loadCatalog, type Msg, switchLanguage, word } from "../src/i18n/i18n";

const dir = fileURLToPath(new URL("messages", import.meta.url));
const games = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ game: f.replace(/\.json$/, ""), samples: JSON.parse(readFileSync(join(dir, f), "utf8")) as { msg: Msg; text: string }[] }));

/** ids lists a message's id and the ids of every message inside its values. */
function ids(m: Msg, out: string[] = []): string[] {
  out.push(m.id);
  for (const v of Object.values(m.v ?? {})) {
    if (isMsg(v)) ids(v, out);
    else if (Array.isArray(v)) for (const x of v) if (isMsg(x)) ids(x, out);
  }
  return out;
}

afterAll(() => switchLanguage("en"));

describe("the server's messages", () => {
  it("have samples of every game that speaks in messages", () => {
    expect(games.map((g) => g.game)).toContain("pile");
  });

  for (const { game, samples } of games) {
    it(`${game}: English words each message as the engine's English line`, async () => {
      await switchLanguage("en");
      expect(samples.map((s) => word(s.msg))).toEqual(samples.map((s) => s.text));
    });

    for (const l of ["de", "es"] as Lang[]) {
      it(`${game}: ${l} has every message and word they name, and fills every value`, async () => {
        const cat = await loadCatalog(l);
        expect(samples.flatMap((s) => ids(s.msg)).filter((id) => !(id in cat))).toEqual([]);
        await switchLanguage(l);
        const worded = samples.map((s) => word(s.msg));
        expect(worded.filter((w) => /[{}]/.test(w))).toEqual([]);
      });
    }
  }
});
