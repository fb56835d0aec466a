import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The web app's browser tests: the real product (`npm start`-style embedded mode) driven in
 * Debian's Chromium through playwright-core. One file at a time (each starts its own server and
 * browser), generous timeouts for busy CI boxes. See README "How to add a browser test".
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
