import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

/** Libraries of the first page; parts of them only lazy features use stay with those features. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store|@tanstack)[\\/]/;
const LAZY_ONLY =
  /[\\/](mutation|mutationObserver|useMutation|useMutationState|useIsMutating|useIsFetching|useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryBehavior|useSuspenseInfiniteQuery|useSuspenseQueries|hydration|HydrationBoundary|streamedQuery|usePrefetchQuery|usePrefetchInfiniteQuery|queryOptions|infiniteQueryOptions|mutationOptions)\.(m?js)$/;

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/** The browser app: sources in src/web, built into dist/web, which `npm start` serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Read by src/server/web/spa.ts to preload the page's locale catalogue.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every page needs travel as one file: many small shared chunks each pay their
        // own compression overhead on the first page (mutations stay with the features that use them).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) => FRAMEWORK.test(id) && !LAZY_ONLY.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      ...Object.fromEntries(['/api', '/users', '/dev', '/healthz', '/readyz', '/old-browsers.html'].map((path) => [path, apiTarget])),
      // The real-time WebSocket; the Host and Origin stay the page's, so the origin check passes.
      '/cable': { target: apiTarget, ws: true },
    },
  },
});
