/** The Search tab. */
export { SearchView } from './components/Search';
