import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The bundle is served by playledger-server on its web port (same origin as the API), so it
// needs no CDN and no network at run time. `npm run dev` proxies the API to a local server.
export default defineConfig({
  plugins: [react()],
  base: "/",
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: {
      "^/(playledger\\.v1|grpc\\.health\\.v1)\\.": {
        target: "http://127.0.0.1:8080",
        changeOrigin: false,
      },
    },
  },
});
