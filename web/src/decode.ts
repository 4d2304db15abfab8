// Decoding helpers shared by the wire protocol (protocol.ts, api.ts,
// patch.ts) and each game's view decoder (games/<id>/view.ts). The server's
// JSON is read defensively: a field that is missing or of the wrong type
// becomes a default instead of an exception, so one odd field never blanks a
// screen. A number here is always a finite number.

/** A JSON object, read field by field. */
export type Obj = Record<string, unknown>;

/** Whether x is a plain object (not null, not an array). */
export const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** x as an object, or an empty one. */
export const obj = (x: unknown): Obj => (isObj(x) ? x : {});

/** x as an array, or an empty one. */
export const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** Whether x is a finite number. */
export const isNum = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** x if it is a finite number, else d. */
export const num = (x: unknown, d = 0): number => (isNum(x) ? x : d);

/** x if it is a string, else d. */
export const str = (x: unknown, d = ""): string => (typeof x === "string" ? x : d);

/** x if it is a string, a number written out, else d (for ids the server may send either way). */
export const asText = (x: unknown, d = ""): string => (typeof x === "string" ? x : isNum(x) ? String(x) : d);

/** Whether x is exactly true. */
export const bool = (x: unknown): boolean => x === true;

/** The first of several keys that is present in o (for fields with older names). */
export function pick(o: Obj, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
}

/** Exactly len numbers from x, d where x has none or a non-number. */
export const nums = (x: unknown, len: number, d = 0): number[] => {
  const a = arr(x);
  return Array.from({ length: len }, (_, i) => num(a[i], d));
};

/** One number for each entry of x, 0 for an entry that is not a number. */
export const numList = (x: unknown): number[] => arr(x).map((e) => num(e));

/** The entries of x that are numbers, the rest left out. */
export const onlyNums = (x: unknown): number[] => arr(x).filter(isNum);

/** x if it is an array of strings, else d. */
export const strs = (x: unknown, d: string[]): string[] => (Array.isArray(x) && x.every((e) => typeof e === "string") ? (x as string[]) : d);

/** Exactly len objects from x, an empty one where x has none. */
export const objs = (x: unknown, len: number): Obj[] => {
  const a = arr(x);
  return Array.from({ length: len }, (_, i) => obj(a[i]));
};

/** A rows by cols grid of numbers from x, d where x has none. */
export const grid = (x: unknown, rows: number, cols: number, d = 0): number[][] => {
  const a = arr(x);
  return Array.from({ length: rows }, (_, i) => nums(a[i], cols, d));
};
