import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The bundle is served by playledger-server on its web port (same origin as the API), so it
// needs no CDN and no network at run time. `npm run dev` proxies the API to a local server.
export default defineConfig({
  plugins: [react()],
  base: "/",
  // No source maps: they would publish the app's sources (the web port refuses *.map as well).
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: {
      "^/(playledger\\.v1|grpc\\.health\\.v1)\\.": {
        target: "http://127.0.0.1:8080",
        changeOrigin: false,
      },
    },
  },
});
