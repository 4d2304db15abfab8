// The few Node.js calls the tests make (the front end has no Node types):
// test/labels.test.ts runs the Go test that writes its samples, and
// test/spelling.test.ts reads the front end's source files.

declare module "node:child_process" {
  export function execFileSync(file: string, args: string[], options: { cwd?: string; stdio?: ("ignore" | "inherit" | "pipe")[] }): unknown;
}

declare module "node:fs" {
  export function mkdtempSync(prefix: string): string;
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function readdirSync(path: string, options: { withFileTypes: true }): { name: string; isDirectory(): boolean }[];
  export function rmSync(path: string, options: { recursive?: boolean; force?: boolean }): void;
}

declare module "node:os" {
  export function tmpdir(): string;
}

declare module "node:path" {
  export function join(...parts: string[]): string;
  export function relative(from: string, to: string): string;
}

declare module "node:url" {
  export function fileURLToPath(url: string | URL): string;
}
