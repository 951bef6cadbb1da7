import { type Handler, paged } from '../api';

/** GET /api/splash: custom splash pages, read-only. */
export const listSplash: Handler = ({ store, query }) => paged(query, 'splash', store.splashPages);

/** GET /api/overlay: CTA overlays, read-only; the spec's array key is `cta`. */
export const listOverlays: Handler = ({ store, query }) => paged(query, 'cta', store.overlays);
