import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies /api to a locally running api so `npm run dev` works beside `go run ./cmd/api`.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
