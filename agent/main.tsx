// Entry of the agent inbox page (/agent): one store, restored from sessionStorage, one render.
import { render } from 'preact';
import { App } from './components/app';
import { createInbox } from './state';
import 'uplot/dist/uPlot.min.css';
import './styles.css';

const inbox = createInbox();
inbox.restore();
render(<App inbox={inbox} />, document.getElementById('app') ?? document.body);
