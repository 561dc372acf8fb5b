import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@platzbuchung/ui/styles/tokens.css';
import '@platzbuchung/ui/styles/base.css';
import './styles/shell.css';
import { App } from './app/App';
import { pageBasics } from './session/session-context';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App page={pageBasics()} />
  </StrictMode>,
);
