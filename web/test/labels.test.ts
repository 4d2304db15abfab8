// Every legal move has its own label: over random games of every registered
// game (the positions web/labels_test.go writes with -label-samples), no two
// legal moves of one position may read the same. The Go test runs first,
// here; a failure to write the samples fails this test. The registered games
// (the samples' keys), the games with screens and OFFERS must be the same.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Move } from "../src/protocol";
import * as gh from "../src/games/greatharbor/moves";
import { decodeView as ghView } from "../src/games/greatharbor/view";
import * as hf from "../src/games/harborfall/moves";
import { decodeView as hfView } from "../src/games/harborfall/view";
import * as hd from "../src/games/holdings/moves";
import { decodeView as hdView } from "../src/games/holdings/view";
import * as nk from "../src/games/neko/moves";
import { decodeView as nkView } from "../src/games/neko/view";
import { screenIds } from "../src/games/registry";

interface Sample {
  seat: number;
  view: unknown;
  legal: Move[];
}

/** A game's screen for one sample: the moves it offers (one of each set that are the same choice) and their labels. */
interface Offer {
  moves: Move[];
  label: (m: Move) => string;
}

const OFFERS: Record<string, (s: Sample) => Offer> = {
  greatharbor: (s) => {
    const v = ghView(s.view);
    return { moves: gh.distinctMoves(s.legal, v), label: (m) => gh.moveLabel(m, v) };
  },
  harborfall: (s) => {
    const v = hfView(s.view);
    return { moves: s.legal, label: (m) => hf.moveLabel(m, v) };
  },
  holdings: (s) => {
    const v = hdView(s.view);
    return { moves: s.legal, label: (m) => hd.moveLabel(m, v) };
  },
  neko: (s) => {
    const v = nkView(s.view);
    return { moves: nk.distinctMoves(s.legal, v, s.seat), label: (m) => nk.moveLabel(m, v, s.seat) };
  },
};

let dir = "";
let samples: Record<string, Sample[]> = {};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "harbor-labels-"));
  const file = join(dir, "samples.json");
  execFileSync("go", ["test", "-count=1", "-run", "^TestLabelSamples$", ".", "-args", `-label-samples=${file}`], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: ["ignore", "ignore", "inherit"],
  });
  samples = JSON.parse(readFileSync(file, "utf8")) as Record<string, Sample[]>;
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("every legal move has its own label", () => {
  it("covers every game: the server's registered games are the games with screens, and each has its offer here", () => {
    expect(Object.keys(samples).sort()).toEqual(screenIds());
    expect(Object.keys(OFFERS).sort()).toEqual(screenIds());
  });

  it.each(screenIds())("%s: no two legal moves of a position share a label", (id) => {
    const positions = samples[id] ?? [];
    expect(positions.length).toBeGreaterThan(100);
    const offer = OFFERS[id];
    if (!offer) throw new Error(`${id} has no entry in OFFERS: say there how its screen offers and labels its moves`);
    const clashes = new Map<string, string[]>();
    for (const s of positions) {
      const { moves, label } = offer(s);
      const seen = new Map<string, Move>();
      for (const m of moves) {
        const text = label(m);
        const other = seen.get(text);
        if (other && !clashes.has(text)) clashes.set(text, [JSON.stringify(other), JSON.stringify(m)]);
        seen.set(text, m);
      }
    }
    expect(Object.fromEntries(clashes)).toEqual({});
  });
});
