/** The SessionStart context: its preview and its settings (a section of Settings). */
export { ContextView } from './components/ContextView';
