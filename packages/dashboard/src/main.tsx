import { render } from 'preact';
import { App } from './app.js';
import { interceptLinks } from './router.js';
import './styles.css';

const root = document.getElementById('app')!;
interceptLinks(document.body);
render(<App />, root);
