import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { browserPolyfillWithoutCopy } from './build/browser-polyfill';
import { inlineStylesheets } from './build/inline-css';
import { buildLocaleFiles, DEFAULT_LOCALE } from './build/locales';
import { buildAsModule, noStylesheetImports, popupWithoutPluginLoader } from './build/popup-start';

/**
 * Hosts the extension may ask for at run time, one origin at a time (the user's own server). Nothing
 * is granted at install: there is no `<all_urls>` and no content script.
 */
const OPTIONAL_HOSTS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'];

/**
 * The extension pages' Content Security Policy, stated rather than left to each browser's default:
 * scripts from the package only (no remote code, no eval, no WebAssembly, which nothing uses), no
 * plugins, and no <base> or form target that could send a page's relative links or a form elsewhere.
 * WXT's dev server adds its own origin to script-src in `wxt` (serve) only.
 */
const EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none';";

/** API permissions asked for at run time: `tabs` for "shorten all tabs" (see the manifest below). */
const OPTIONAL_PERMISSIONS = ['tabs'];

/**
 * What the sources zip holds: exactly what `npm ci && npm run zip` needs to rebuild the packages, so
 * that nothing else in the working tree (test artifacts, benchmarks, notes) reaches the reviewers,
 * and the zip is the same whatever else lies around. test/unit/release/reproducible-zip.test.ts
 * rebuilds from it: a source folder missing here fails that test.
 */
const RELEASE_SOURCES = [
  'assets/**',
  // Build code wxt.config.ts imports (the _locales/ merge, the pages' HTML and the popup's script).
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
    // The browser's _locales/ are built from locales/<language>/<area>.json (see build/locales.ts).
    'build:publicAssets': (wxt, files) => {
      files.push(...buildLocaleFiles(`${wxt.config.root}/locales`));
    },
    // The popup's one module (build/popup-start.ts): built as a module, its build takes no
    // stylesheet, and its page no module of WXT's. Added here, after WXT's own plugins.
    'vite:build:extendConfig': (entrypoints, config) => {
      const names = entrypoints.map((entrypoint) => entrypoint.name);
      if (names.includes('popup-start')) buildAsModule(config);
      const added = [
        ...(names.includes('popup-start') ? [noStylesheetImports()] : []),
        ...(names.includes('popup') ? [popupWithoutPluginLoader()] : []),
      ];
      config.plugins = [...(config.plugins ?? []), ...added];
    },
  },
  vite: () => ({
    plugins: [preact(), inlineStylesheets(), browserPolyfillWithoutCopy()],
    build: {
      // <link rel="modulepreload"> for every chunk a page imports at its start, so the browser fetches
      // them all as it reads the HTML rather than level by level as each module names the next.
      // Measured with `npm run bench` on the popup when it was modules too, two runs each: its own
      // part 2.78×/2.61× → 2.40×/2.42× the bare popup's, document ready +98/+72 → +69/+67 ms. No
      // polyfill: every browser the extension runs in has it.
      modulePreload: { polyfill: false },
    },
  }),
  manifest: ({ browser, manifestVersion }) => {
    const mv3 = manifestVersion === 3;
    return {
      name: '__MSG_ext_name__',
      description: '__MSG_ext_description__',
      default_locale: DEFAULT_LOCALE,
      content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
      permissions: [
        'storage',
        'activeTab',
        'contextMenus',
        'clipboardWrite',
        'notifications',
        // Wakes a stopped worker for the next try of a create queued while the server was down, and
        // to go on with a bulk create job after a rate-limit wait.
        'alarms',
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
      // The address-bar keyword (entrypoints/background/omnibox.ts). Chrome lets the user change it
      // under chrome://settings/searchEngines; Firefox keeps this one.
      omnibox: { keyword: 'sl' },
      commands: {
        [mv3 ? '_execute_action' : '_execute_browser_action']: {
          suggested_key: { default: 'Alt+Shift+P' },
        },
        'shorten-page': {
          suggested_key: { default: 'Alt+Shift+S' },
          description: '__MSG_command_shorten_page__',
        },
        // The side panel (entrypoints/sidepanel/): Firefox opens its sidebar for this special command
        // itself; Chrome has none, so the background opens the panel (entrypoints/background/commands.ts).
        [browser === 'firefox' ? '_execute_sidebar_action' : 'open-side-panel']: {
          suggested_key: { default: 'Alt+Shift+L' },
          description: '__MSG_command_open_side_panel__',
        },
      },
      // Chrome 116: the side panel opens from an extension's own action (sidePanel.open), and
      // runtime.getContexts finds the offscreen document the worker copies through.
      ...(browser !== 'firefox' && { minimum_chrome_version: '116' }),
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: GECKO_ID,
            // Firefox reads optional_host_permissions from 128 on; older MV3 versions would install
            // the add-on but never let it ask for the user's server.
            ...(mv3 && { strict_min_version: '128.0' }),
            // Mozilla's policy counts any data that leaves the browser, to whichever server: the
            // addresses (and titles) of the pages the user shortens go to their own server, which is
            // the add-on's one function. So browsing activity is declared, required (README, Firefox).
            data_collection_permissions: { required: ['browsingActivity'] },
          },
        },
      }),
    };
  },
});
