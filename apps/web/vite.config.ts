import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const API_TARGET = 'http://127.0.0.1:8000';

/**
 * The production build goes to `apps/web/dist`, which the gateway serves with a history
 * fallback; `base` stays '/' so deep links load assets from the root.
 */
export default defineConfig({
  base: '/',
  // The plugins are hoisted next to the root's Vite 8 (pulled in by Vitest) and typed against
  // it; at run time they only use APIs that Vite 7 has, hence the cast.
  plugins: [react(), tailwindcss()] as unknown as PluginOption[],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Terser packs a few per cent tighter than esbuild; the public pages' budget is 150 KB gzipped.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    chunkSizeWarningLimit: 300,
    rollupOptions: {
      // `@seyir/domain` is pure (no module-level effects, ARCHITECTURE "Shape"), but its
      // package.json does not say so; telling Rollup keeps zod schemas a screen does not use
      // out of its chunk (the public entry only needs message tables).
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
});
