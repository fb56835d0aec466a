import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { defineConfig, type PluginOption } from 'vite';

/** Where the dev server sends /api and /socket.io; default the gateway on port 8000. */
const API_TARGET = process.env.SEYIR_API_TARGET ?? 'http://127.0.0.1:8000';

/**
 * The production build goes to `apps/web/dist`, which the gateway serves with a history
 * fallback; `base` stays '/' so deep links load assets from the root.
 */
/**
 * @vitejs/plugin-react is hoisted next to the root's Vite 8 (pulled in by Vitest), so it believes
 * it runs under Rolldown-Vite and, in the dev server, asks for a Rolldown built-in that Vite 7
 * lacks. The build is unaffected. Until the tree has one Vite, the dev server compiles JSX with
 * Vite 7's own esbuild (tsconfig `jsx: react-jsx`) and reloads instead of hot-refreshing.
 */
function pluginReactSeesRolldown(): boolean {
  try {
    const require = createRequire(import.meta.url);
    const pluginEntry = require.resolve('@vitejs/plugin-react');
    const { version } = createRequire(pluginEntry)('vite/package.json') as { version: string };
    return Number(version.split('.')[0]) >= 8;
  } catch {
    return false;
  }
}

export default defineConfig(({ command }) => ({
  base: '/',
  // The plugins are typed against the root's Vite 8; at run time they only use APIs that Vite 7
  // has, hence the cast.
  plugins: [command === 'serve' && pluginReactSeesRolldown() ? null : react(), tailwindcss()] as unknown as PluginOption[],
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Terser packs a few per cent tighter than esbuild; the public pages' budget is 150 KB gzipped.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // Raw size of the entry (React, router, Redux); the budgets that matter are gzipped and
    // measured per screen by scripts/screenshots.mjs.
    chunkSizeWarningLimit: 400,
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
}));
