// Patches of the server's state frames (docs/protocol.md, "Patches"): after
// its first whole state a connection gets, for each new state, only what
// changed from the one before, and rebuilds the state here.

import { isObj } from "./decode";

/** PatchError: a patch that does not fit the value it was given for. */
export class PatchError extends Error {}

/**
 * applyPatch returns value with patch applied, leaving value as it was (the
 * parts the patch does not touch are shared). A patch is an object of
 * entries for the members (or, for an array, the decimal indexes) that
 * changed: [x] sets it to x, [] removes it, an object patches it in turn,
 * and "n" in an array's patch is its new length. Throws PatchError when
 * the patch does not fit.
 */
export function applyPatch(value: unknown, patch: unknown): unknown {
  if (!isObj(patch)) throw new PatchError("a patch is an object");
  if (Array.isArray(value)) {
    const out = value.slice();
    if (patch.n !== undefined) {
      const n = patch.n;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw new PatchError(`bad length ${String(n)}`);
      out.length = n;
    }
    for (const [k, e] of Object.entries(patch)) {
      if (k === "n") continue;
      const i = Number(k);
      if (!Number.isInteger(i) || String(i) !== k || i < 0 || i >= out.length) throw new PatchError(`no element ${k} of ${out.length}`);
      const [x, keep] = applyEntry(out[i], e);
      if (!keep) throw new PatchError("an element is removed by the length only");
      out[i] = x;
    }
    for (let i = value.length; i < out.length; i++) if (!(i in out)) throw new PatchError(`element ${i} is missing`);
    return out;
  }
  if (isObj(value)) {
    const out: Record<string, unknown> = { ...value };
    for (const [k, e] of Object.entries(patch)) {
      const [x, keep] = applyEntry(out[k], e);
      if (keep) Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
      else delete out[k];
    }
    return out;
  }
  throw new PatchError("a patch of an object or array given something else");
}

/** applyEntry returns what the entry e makes of x, and false when it removes it. */
function applyEntry(x: unknown, e: unknown): [unknown, boolean] {
  if (Array.isArray(e)) {
    if (e.length === 0) return [undefined, false];
    if (e.length === 1) return [e[0], true];
    throw new PatchError(`an entry of ${e.length} values`);
  }
  return [applyPatch(x, e), true];
}

/** A raw envelope as it came off the socket. */
export interface RawEnvelope {
  t: string;
  v: number;
  /** the id of a state or patch frame */
  f?: number;
  d: unknown;
}

const copy = <T>(x: T): T => (typeof structuredClone === "function" ? structuredClone(x) : (JSON.parse(JSON.stringify(x)) as T));

/**
 * StateChain follows one connection's states: it keeps the last one (its
 * own copy, which nothing else can change) and turns each patch that names
 * it into the next state. A patch that names another frame, or does not
 * fit, breaks the chain: the page asks for the whole state and drops
 * patches until it comes.
 */
export class StateChain {
  private frame = -1;
  private state: unknown = null;
  /** the whole state was asked for and has not come */
  waiting = false;

  /** reset forgets the state held (a new connection starts with a whole one). */
  reset(): void {
    this.frame = -1;
    this.state = null;
    this.waiting = false;
  }

  /**
   * take returns the envelope for the page: a state as it came, the state a
   * patch makes, or any other message as it is; null for a patch that does
   * not follow on (ask is then true the first time, to ask for the whole
   * state) or comes while it is awaited.
   */
  take(env: RawEnvelope): { env: RawEnvelope | null; ask: boolean } {
    if (env.t === "state") {
      this.frame = env.f ?? -1;
      this.state = copy(env.d);
      this.waiting = false;
      return { env, ask: false };
    }
    if (env.t !== "patch") return { env, ask: false };
    if (this.waiting) return { env: null, ask: false };
    const d = isObj(env.d) ? env.d : {};
    let next: unknown;
    try {
      if (this.state === null || d.b !== this.frame) throw new PatchError(`a patch from frame ${String(d.b)}, not ${this.frame}`);
      next = applyPatch(this.state, d.p);
    } catch (e) {
      if (!(e instanceof PatchError)) throw e;
      this.waiting = true;
      return { env: null, ask: true };
    }
    this.frame = env.f ?? -1;
    this.state = next;
    return { env: { t: "state", v: env.v, f: this.frame, d: copy(next) }, ask: false };
  }
}
