// The few node:fs functions the tests call, typed here because the project
// does not depend on @types/node (vitest runs the tests under Node).
declare module "node:fs" {
  export function readdirSync(path: string, options: { withFileTypes: true }): { name: string; isDirectory(): boolean }[];
  export function existsSync(path: string): boolean;
}
