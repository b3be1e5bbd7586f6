import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { chunkGroups, oneCopyOfBabelHelpers } from './scripts/vite-chunks'
import { zodMiniInBrowser, zodWithoutJsonSchemaInBrowser } from './scripts/vite-zod-browser'

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    zodMiniInBrowser(),
    zodWithoutJsonSchemaInBrowser(),
    chunkGroups(),
    oneCopyOfBabelHelpers(),
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // terser, two passes, rather than Vite's default esbuild minifier: 4.4 KB gzip less on
        // every page (React DOM and React Router included), the margin a form page needs under
        // its 150 KB (issue 14 item 5). A slower build (~10 s more), the same code. The server
        // build stays unminified, as before.
        minify: 'terser',
        terserOptions: { compress: { passes: 2 } },
      },
    },
  },
  // `npm run dev`: pre-bundle the client's dependencies up front, so the first page load does not
  // discover them one by one and reload.
  optimizeDeps: {
    include: ['remix-utils/use-hydrated', 'jose', 'zod', '@conform-to/react', '@conform-to/zod/v4'],
  },
})
