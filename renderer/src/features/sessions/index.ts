/** The Sessions tab: sessions per project, newest first. */
export { SessionsView } from './components/Sessions';
