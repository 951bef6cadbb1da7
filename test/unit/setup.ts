// idb-keyval needs IndexedDB, which happy-dom lacks.
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeI18n } from './i18n/fake-i18n';

beforeEach(() => {
  fakeBrowser.reset();
  // fakeBrowser has no i18n; pages and the background look every text up through it.
  Object.assign(fakeBrowser, { i18n: fakeI18n });
});
