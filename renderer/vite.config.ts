// Vite config for the renderer: run as `vite build renderer` (root = this folder), output in
// renderer/dist with relative URLs so the same build loads from file:// (Electron) and from the
// headless host.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline <script>/<style> and no data: URLs for assets, so a strict CSP holds.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
  },
  server: { host: '127.0.0.1' },
});
