// The benchmark's yardstick: a bare Preact popup with one input and one button, built by the same
// toolchain as the real popup. It reads nothing (no storage, no tab, no worker), so it is "ready" as
// soon as Preact has drawn it; the input holds a constant so that it draws the same text every time.
import { render } from 'preact';

function Baseline() {
  return (
    <main>
      <input aria-label="Long URL" value="https://example.com/" />
      <button type="button">Shorten</button>
    </main>
  );
}

render(<Baseline />, document.getElementById('app')!);
performance.mark('popup-ready');
