/**
 * The drill-down every list shares: an observation's and a session's detail at their own addresses
 * (`#/observation/12`, `#/session/3`), and the session story they show.
 */
export { Drilldown, useDrilldown } from './components/Drilldown';
