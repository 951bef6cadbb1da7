import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

/** A component whose code loads apart from its page's, and a way to load it ahead of its first use. */
export type LazyComponent<P> = FunctionComponent<P> & {
  /**
   * Loads the code now (once), e.g. when the page is idle, so the first use draws at once. Settles
   * when it is there or could not be loaded (the next draw tries again).
   */
  preload(): Promise<void>;
};

/**
 * A component loaded by `load` (a dynamic import) when it is first drawn or preloaded; it draws
 * nothing until its code is there, and where it could not be loaded, says so. Only for parts of a
 * page that are not on its first screen, where `npm run bench` shows that loading them with the page
 * costs its user (the house rule).
 *
 *   const QrPanel = lazy(() => import('./qr-panel').then((m) => m.QrPanel));
 *   whenIdle(QrPanel.preload);
 */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Only a package changed under an open page fails to load: the next draw tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: P) {
    const [state, setState] = useState<'waiting' | 'loaded' | 'failed'>('waiting');
    // Each draw by the page while the code is missing asks for it (new props: not this component's own
    // redraw): the load under way, or a new one where one failed, as when a hidden panel is shown.
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && setState('loaded'),
        () => live && setState('failed'),
      );
      return () => {
        live = false;
      };
    }, [props]);
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    // A part drawn hidden (More options collapsed) says nothing until it is shown.
    const hidden = (props as { hidden?: boolean }).hidden === true;
    return state === 'failed' && !hidden ? (
      <p class="alert" role="alert">
        {t('error_internal')}
      </p>
    ) : null;
  }
  return Object.assign(Lazy, {
    preload: () =>
      preload().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Runs `task` once the page has nothing else to do (its first screen drawn and painted). */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 200);
}
