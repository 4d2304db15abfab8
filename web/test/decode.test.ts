import { describe, expect, it } from "vitest";
import { arr, asText, bool, grid, isNum, isObj, num, numList, nums, obj, objs, onlyNums, pick, str, strs } from "../src/decode";
import { decodeView as harborfallView } from "../src/games/harborfall/view";

describe("decode helpers", () => {
  it("isObj takes plain objects only", () => {
    expect(isObj({ a: 1 })).toBe(true);
    expect(isObj(null)).toBe(false);
    expect(isObj([1])).toBe(false);
    expect(isObj("x")).toBe(false);
    expect(obj([1])).toEqual({});
    expect(obj({ a: 1 })).toEqual({ a: 1 });
    expect(arr({ a: 1 })).toEqual([]);
    expect(arr([1, "a"])).toEqual([1, "a"]);
  });

  it("num takes finite numbers only", () => {
    expect(num(3)).toBe(3);
    expect(num("3")).toBe(0);
    expect(num(undefined, -1)).toBe(-1);
    expect(num(Number.NaN, -1)).toBe(-1);
    expect(num(Number.POSITIVE_INFINITY)).toBe(0);
    expect(isNum(Number.NEGATIVE_INFINITY)).toBe(false);
  });

  it("str keeps strings, asText also writes numbers out", () => {
    expect(str("a")).toBe("a");
    expect(str(7)).toBe("");
    expect(str(null, "d")).toBe("d");
    expect(asText(7)).toBe("7");
    expect(asText(Number.NaN, "d")).toBe("d");
    expect(asText(false, "d")).toBe("d");
    expect(bool(true)).toBe(true);
    expect(bool("true")).toBe(false);
  });

  it("pick takes the first key present", () => {
    expect(pick({ b: 2, c: 3 }, "a", "b", "c")).toBe(2);
    expect(pick({}, "a")).toBeUndefined();
  });

  it("list helpers fill, map or filter", () => {
    expect(nums([1, "x", Number.NaN], 4, -1)).toEqual([1, -1, -1, -1]);
    expect(numList([1, "x", Number.POSITIVE_INFINITY])).toEqual([1, 0, 0]);
    expect(onlyNums([1, "x", Number.NaN, 2])).toEqual([1, 2]);
    expect(strs(["a", "b"], [])).toEqual(["a", "b"]);
    expect(strs(["a", 1], ["d"])).toEqual(["d"]);
    expect(objs([{ a: 1 }, 2], 3)).toEqual([{ a: 1 }, {}, {}]);
    expect(grid([[1, 2], "x"], 2, 3)).toEqual([
      [1, 2, 0],
      [0, 0, 0],
    ]);
  });

  it("Harborfall's view reads a number that is not finite as missing", () => {
    const v = harborfallView({ viewer: Number.NaN, dice: [Number.POSITIVE_INFINITY, 3] });
    expect(v.viewer).toBe(-1);
    expect(v.dice).toEqual([0, 3]);
  });
});
