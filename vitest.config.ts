import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'panel',
          include: ['tests/panel/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/panel/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
