/** The service's log (a section of Health). */
export { LogsView } from './components/LogsView';
