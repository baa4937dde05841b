import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startUp } from './app/start-up.ts';
import { startServiceWorker } from './lib/offline/service-worker.ts';
import { installNativeBackButton } from './platform/native-back-button.ts';
import './styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The hardware back button follows docs/behaviour.md#back-button (only in the native app).
installNativeBackButton();
// Start-up's early requests go out before React renders (app/start-up.ts says in what order).
startUp(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The offline shell and the update prompt (docs/architecture.md#service-worker), once loaded.
startServiceWorker();
