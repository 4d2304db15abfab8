import { defineConfig } from "vitest/config";
import { precache } from "./scripts/precache.ts";

// The built files land in dist/, which web/embed.go embeds into the harbor
// binary. During `npm run dev` the API and WebSocket go to a harbor server on
// HARBOR_DEV_SERVER (default http://127.0.0.1:8080).
const backend = process.env.HARBOR_DEV_SERVER ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [precache()],
  oxc: {
    jsx: { runtime: "automatic", importSource: "preact" },
  },
  build: {
    outDir: "dist",
    // public/.gitkeep is copied back, so dist/ keeps its placeholder.
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // A game's screens are one chunk named after the game (docs/web.md lists their sizes).
        chunkFileNames: (chunk) => {
          const game = /\/src\/games\/([^/]+)\/index\.ts$/.exec(chunk.facadeModuleId ?? "")?.[1];
          return game ? `assets/game-${game}-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": backend,
      "/ws": { target: backend.replace(/^http/, "ws"), ws: true },
    },
  },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
  },
});
