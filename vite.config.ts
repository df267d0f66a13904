import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      // Route splitting leaves dozens of sub-kilobyte chunks (one per icon or tiny component),
      // each a request with about 1 kB of headers; merge those below 8 kB into their neighbours.
      output: {
        experimentalMinChunkSize: 8_000,
        // Every lucide icon in one chunk (about 11 kB compressed), cached across pages: the
        // merge above cannot join icons that different routes share, and the home page fetched
        // a dozen of them one by one. Icons are drawing data only; no admin logic comes along.
        manualChunks(id) {
          if (id.includes("/lucide-react/")) return "icons";
        },
      },
    },
  },
});
