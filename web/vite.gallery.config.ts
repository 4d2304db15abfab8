import { defineConfig } from "vite";

// The position gallery (docs/gallery.md): a page of its own that draws the
// real screens from recorded frames, built into gallery-dist/ for the
// gallery's runner. It is never part of dist/, so the harbor binary does not
// carry it.
export default defineConfig({
  root: "gallery",
  publicDir: false,
  oxc: {
    jsx: { runtime: "automatic", importSource: "preact" },
  },
  build: {
    outDir: "../gallery-dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
  },
});
