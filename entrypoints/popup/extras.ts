/**
 * What the popup needs only after it is drawn: its actions (shorten, copy, the canonical URL, shorten
 * all tabs), the result and error boxes, and the URL hygiene of the start URL. One lazy chunk (see
 * App.tsx), loaded right after the first render, so none of it weighs on the first load
 * (test/e2e/size-budget.spec.ts); one rather than several, because with several the bundler moved the
 * browser polyfill out of the popup's script into a chunk of its own, which cost ~300 B at start.
 */
export { ErrorAlert } from '@/components/ErrorAlert';
export { ShortenResult } from '@/components/ShortenResult';
export { applyCanonical, copy, copyResult, fail, showAllTabs, showLink, submit } from './actions';
export { AllTabsReport, resumeAllTabs, shortenAllTabs } from './all-tabs';
export { resolvePageUrl } from './start-url';
