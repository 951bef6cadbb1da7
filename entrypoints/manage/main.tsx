import { render } from 'preact';
import { ApiContext } from '@/components/manage/api-context';
import { callApi } from '@/lib/api-call';
import { App } from './App';
import '@/assets/base.css';
import './style.css';

render(
  <ApiContext.Provider value={callApi}>
    <App />
  </ApiContext.Provider>,
  document.getElementById('app')!,
);
