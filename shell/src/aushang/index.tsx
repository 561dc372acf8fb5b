/**
 * The clubhouse screen's own small bundle (docs/architecture/clubhouse-screen.md): React and
 * this screen, without the shell's router, session or remotes, for a TV that shows it for weeks.
 */
import { createRoot } from 'react-dom/client';
import { Aushang } from './Aushang';
import './aushang.css';

const secret = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');
createRoot(document.getElementById('root')!).render(<Aushang secret={secret} />);
