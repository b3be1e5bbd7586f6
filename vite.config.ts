import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { zodMiniInBrowser, zodWithoutJsonSchemaInBrowser } from './scripts/vite-zod-browser'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), zodMiniInBrowser(), zodWithoutJsonSchemaInBrowser()],
  build: { assetsInlineLimit: 0 },
  // `npm run dev`: pre-bundle the client's dependencies up front, so the first page load does not
  // discover them one by one and reload.
  optimizeDeps: {
    include: ['remix-utils/use-hydrated', 'jose', 'zod', '@conform-to/react', '@conform-to/zod/v4'],
  },
})
