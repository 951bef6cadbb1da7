import { render } from 'preact';
import { ApiContext } from '@/components/manage/api-context';
import { setDocumentLanguage, t } from '@/lib/i18n';
import { callApi } from '@/lib/messaging/call-api';
import { App } from './App';
import '@/assets/base.css';
import './style.css';

setDocumentLanguage();
// The section's title follows once the App knows the route; until then the page is named in full.
document.title = t('manage_page_title_default');

render(
  <ApiContext.Provider value={callApi}>
    <App />
  </ApiContext.Provider>,
  document.getElementById('app')!,
);
