/** The Projects tab: capture per project, pause, rename and delete. */
export { ProjectsView } from './components/Projects';
