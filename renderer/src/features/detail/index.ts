/** The details a list opens in place: an observation, a session with its story. */
export { ObservationDetail } from './components/ObservationDetail';
export { SessionDetail } from './components/SessionDetail';
