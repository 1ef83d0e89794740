// Entry point: picks the bridge and renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as z from 'zod';
import { App } from './app.js';
import { createBridge } from './bridge.js';
import './styles.css';

// The CSP has no 'unsafe-eval': keep zod from probing `new Function` when shared schemas parse.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App bridge={createBridge()} />
  </StrictMode>,
);
