import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

/**
 * Hosts the extension may ask for at run time, one origin at a time (the user's own server). Nothing
 * is granted at install: there is no `<all_urls>` and no content script.
 */
const OPTIONAL_HOSTS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'];

// See https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({
    plugins: [preact()],
  }),
  manifest: ({ browser, manifestVersion }) => {
    const mv3 = manifestVersion === 3;
    return {
      name: 'Shortlink',
      description: 'Shorten and manage links on your own link-shortening server.',
      permissions: [
        'storage',
        'activeTab',
        'contextMenus',
        'clipboardWrite',
        'notifications',
        // Chrome's service worker has no DOM: it copies through an offscreen document. Firefox
        // copies from its background page and has no offscreen API.
        ...(browser === 'firefox' ? [] : ['offscreen']),
      ],
      // MV2 has no optional_host_permissions: host patterns go into optional_permissions there.
      ...(mv3 ? { optional_host_permissions: OPTIONAL_HOSTS } : { optional_permissions: OPTIONAL_HOSTS }),
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
          description: 'Shorten this page and copy the short URL',
        },
      },
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: 'shortlink@extension',
            // Links go only to the user's own server, never to the extension's authors.
            data_collection_permissions: { required: ['none'] },
          },
        },
      }),
    };
  },
});
