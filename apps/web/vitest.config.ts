import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The web app's component tests: one project, `web`, in jsdom. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
