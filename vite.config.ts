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
      output: { experimentalMinChunkSize: 8_000 },
    },
  },
});
