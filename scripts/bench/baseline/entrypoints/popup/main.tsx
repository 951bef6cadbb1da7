// The benchmark's yardstick: a bare Preact page with one input and one button, built by the same
// toolchain as the popup. It is "ready" as soon as Preact has drawn it.
import { render } from 'preact';

function Baseline() {
  const url = new URLSearchParams(location.search).get('url') ?? '';
  return (
    <main>
      <input aria-label="Long URL" value={url} />
      <button type="button">Shorten</button>
    </main>
  );
}

render(<Baseline />, document.getElementById('app')!);
performance.mark('popup-ready');
