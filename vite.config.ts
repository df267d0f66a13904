import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunk } from "./vite/client-chunks";
import { lucideDirectImports } from "./vite/lucide-direct-imports";
import { reactRouterProductionBuild } from "./vite/react-router-production";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), lucideDirectImports(), reactRouterProductionBuild()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // How the browser's code is cut into files: vite/client-chunks.ts says why.
    rollupOptions: { output: { manualChunks: clientChunk } },
  },
});
