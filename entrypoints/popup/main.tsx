import { render } from 'preact';
import { setDocumentLanguage } from '@/lib/i18n';
import { App } from './app';

/** Draws the popup into popup.html. */
export function showPopup(): void {
  setDocumentLanguage();
  render(<App />, document.getElementById('app')!);
}
