import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const devApi = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // `npm run dev:web`: the API (`npm run dev`, port 3000) behind the Vite dev server. The Host
  // header is kept (Vite's string shorthand would rewrite it), so the server sees the page's own
  // address and accepts sign-in from it as same-origin.
  server: {
    proxy: {
      '/api': { target: devApi, changeOrigin: false },
      '/reset-password': { target: devApi, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/app/test-setup.ts'],
  },
});
