import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Served by the platform at /console/; hashed file names under assets/ are cached for a year.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 700,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // role queries over Mantine's DOM are slow on a loaded 2-core machine
    testTimeout: 30_000,
  },
});
