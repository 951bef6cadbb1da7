import preact from '@preact/preset-vite';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig, type EntrypointGroup } from 'wxt';
import { buildLocaleFiles, DEFAULT_LOCALE } from './build/locales';

/**
 * Hosts the extension may ask for at run time, one origin at a time (the user's own server). Nothing
 * is granted at install: there is no `<all_urls>` and no content script.
 */
const OPTIONAL_HOSTS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'];

/** API permissions asked for at run time: `tabs` for "shorten all tabs" (see the manifest below). */
const OPTIONAL_PERMISSIONS = ['tabs'];

/**
 * Builds the popup on its own instead of with the other pages. In one build, every module the popup
 * shares with Options or the management page goes into shared chunks (Preact, the polyfill, the cache
 * each in their own), and the popup then loads four scripts, each gzipped on its own and joined by
 * import/export glue. Alone, it is one script: ~1.3 KB gzip less of its 15 KB budget
 * (test/e2e/size-budget.spec.ts), and nothing of the other pages is added to it. Its lazy chunks
 * (e.g. "More options") import from the popup's script, so Preact is still loaded once per page.
 */
function buildPopupAlone(groups: EntrypointGroup[]): void {
  for (const group of groups) {
    if (!Array.isArray(group) || group.length < 2) continue;
    const index = group.findIndex((entry) => entry.type === 'popup');
    if (index === -1) continue;
    // An array, not the entry itself: a lone entry is built in library mode (one IIFE file).
    groups.push(group.splice(index, 1));
    return;
  }
}

/**
 * Leaves `import()` to the browser. Vite wraps every dynamic import in a preload helper, which costs
 * the popup ~850 B gzip and, with modulePreload off, only loads the lazy chunk's own CSS. Lazy chunks
 * here bring none (their styles are in the page's stylesheet), and the build fails if one ever does,
 * instead of showing it unstyled.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'shortlink:plain-dynamic-imports',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('__vitePreload(')) return null;
      // The minifier then drops the unused helper. Should Vite write the call differently, it stays,
      // and the popup's size budget (test/e2e/size-budget.spec.ts) is what notices.
      const plain = code.replace(/__vitePreload\(\(\) => (import\([^()]*\)), __VITE_PRELOAD__\)/g, '$1');
      return plain === code ? null : { code: plain, map: null };
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const atStart = new Set<string>();
      const visit = (name: string) => {
        if (atStart.has(name)) return;
        atStart.add(name);
        for (const dependency of chunks.get(name)?.imports ?? []) visit(dependency);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      for (const chunk of chunks.values()) {
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        if (!atStart.has(chunk.fileName) && css.length > 0) {
          this.error(
            `${chunk.fileName} is loaded lazily but imports CSS (${css.join(', ')}), which nothing would load ` +
              "(see plainDynamicImports in wxt.config.ts): move those styles into the page's stylesheet.",
          );
        }
      }
    },
  };
}

/**
 * Lets Chrome's service worker load its lazy part (entrypoints/background/lazy-part.ts: zod, the API
 * client and what only requests need) on first use instead of at every start: in a service worker
 * build, `load-lazy-part.ts`, which bundles the part, is replaced by `load-lazy-part-sw.ts`, which
 * imports it from `background-lazy.js`. Firefox's background page keeps the bundled part. What the
 * worker loads at start is measured by test/e2e/size-budget.spec.ts.
 */
function lazyPartOnDemand(serviceWorker: boolean): Plugin {
  return {
    name: 'shortlink:lazy-part-on-demand',
    apply: () => serviceWorker,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/load-lazy-part')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.endsWith('/entrypoints/background/load-lazy-part.ts')) return null;
      return { ...resolved, id: resolved.id.replace(/\.ts$/, '-sw.ts') };
    },
  };
}

/**
 * What the sources zip holds: exactly what `npm ci && npm run zip` needs to rebuild the packages, so
 * that nothing else in the working tree (test artifacts, benchmarks, notes) reaches the reviewers,
 * and the zip is the same whatever else lies around. test/unit/release/reproducible-zip.test.ts
 * rebuilds from it: a source folder missing here fails that test.
 */
const RELEASE_SOURCES = [
  'assets/**',
  // Build code wxt.config.ts imports (the _locales/ merge).
  'build/**',
  'components/**',
  'entrypoints/**',
  'lib/**',
  'locales/**',
  'public/**',
  'package.json',
  'package-lock.json',
  'README.md',
  'tsconfig.json',
  'wxt.config.ts',
];

/**
 * The Firefox add-on's id. AMO ties every future update, and the user's stored settings, to it: never
 * change it once a version is published.
 */
const GECKO_ID = 'shortlink@extension';

// See https://wxt.dev/api/config.html
export default defineConfig({
  // Firefox too (WXT would build it as MV2): one manifest shape, `action` and
  // optional_host_permissions, and an event page with the same lifecycle as Chrome's service worker.
  manifestVersion: 3,
  zip: {
    // `npm run zip` makes the sources zip in its Chrome run (`wxt zip --sources`). A Firefox run would
    // leave out the Chrome-only offscreen page, and the sources could no longer rebuild every zip.
    zipSources: false,
    includeSources: RELEASE_SOURCES,
  },
  modules: ['@wxt-dev/webextension-polyfill'],
  hooks: {
    'entrypoints:grouped': (_wxt, groups) => buildPopupAlone(groups),
    // The browser's _locales/ are built from locales/<language>/<area>.json (see build/locales.ts).
    'build:publicAssets': (wxt, files) => {
      files.push(...buildLocaleFiles(`${wxt.config.root}/locales`));
    },
  },
  vite: ({ browser, manifestVersion }) => ({
    plugins: [
      preact(),
      plainDynamicImports(),
      // WXT builds a service worker for MV3 everywhere but Firefox (a background page there).
      lazyPartOnDemand(manifestVersion === 3 && browser !== 'firefox'),
    ],
    build: {
      // No <link rel="modulepreload"> tags and no preload polyfill (~340 B gzip in every page):
      // extension pages load from the local disk, with no network latency for preloading to hide.
      modulePreload: false,
    },
  }),
  manifest: ({ browser, manifestVersion }) => {
    const mv3 = manifestVersion === 3;
    return {
      name: '__MSG_ext_name__',
      description: '__MSG_ext_description__',
      default_locale: DEFAULT_LOCALE,
      permissions: [
        'storage',
        'activeTab',
        'contextMenus',
        'clipboardWrite',
        'notifications',
        // Reads the page's <link rel="canonical"> when the user asks to shorten it (menu, shortcut):
        // only in a tab the click or shortcut granted through activeTab, so no host access is added,
        // and browsers show no install warning for it.
        'scripting',
        // Chrome's service worker has no DOM: it copies through an offscreen document. Firefox
        // copies from its background page and has no offscreen API.
        ...(browser === 'firefox' ? [] : ['offscreen']),
      ],
      // MV2 has no optional_host_permissions: host patterns go into optional_permissions there.
      // `tabs` is asked for by the popup when the user shortens all tabs of a window: reading the
      // other tabs' addresses needs it, and nothing else does, so it is not granted at install.
      ...(mv3
        ? { optional_host_permissions: OPTIONAL_HOSTS, optional_permissions: OPTIONAL_PERMISSIONS }
        : { optional_permissions: [...OPTIONAL_PERMISSIONS, ...OPTIONAL_HOSTS] }),
      // Firefox shows a puzzle piece for an action without its own icon. WXT fills the MV2 key from the
      // popup before it would convert `action`, so MV2 builds must name browser_action themselves.
      [mv3 ? 'action' : 'browser_action']: {
        default_title: 'Shortlink',
        default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' },
      },
      commands: {
        [mv3 ? '_execute_action' : '_execute_browser_action']: {
          suggested_key: { default: 'Alt+Shift+P' },
        },
        'shorten-page': {
          suggested_key: { default: 'Alt+Shift+S' },
          description: '__MSG_command_shorten_page__',
        },
      },
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: GECKO_ID,
            // Firefox reads optional_host_permissions from 128 on; older MV3 versions would install
            // the add-on but never let it ask for the user's server.
            ...(mv3 && { strict_min_version: '128.0' }),
            // Links go only to the user's own server, never to the extension's authors.
            data_collection_permissions: { required: ['none'] },
          },
        },
      }),
    };
  },
});
