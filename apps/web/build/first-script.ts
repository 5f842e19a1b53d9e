import type { Plugin } from 'vite';

/**
 * Makes `entry` (a module that imports nothing) a chunk of its own and the page's first script,
 * right before the app's entry in `<head>`. Module scripts run in document order, so it runs before
 * any chunk of the app, vendor chunks included. (A second script in index.html would not do:
 * Vite merges the page's module scripts into one entry, which runs after the chunks it imports.)
 */
export function firstScript(entry: string): Plugin {
  return {
    name: 'karta:first-script',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', [chunkName(entry)]: entry } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === chunkName(entry),
        );
        if (context.bundle && !chunk) throw new Error(`first-script: no chunk built for ${entry}`);
        // In the dev server there is no bundle: the source itself is served.
        const src = chunk ? `/${chunk.fileName}` : `/${entry}`;
        const tag = `<script type="module" crossorigin src="${src}"></script>`;
        // Right before the first script of the page (the app's entry), after the meta tags.
        return /<script\b/.test(html) ? html.replace(/<script\b/, `${tag}\n    <script`) : html;
      },
    },
  };
}

/** `src/early-errors.ts` → `early-errors`. */
function chunkName(entry: string): string {
  return entry.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
}
