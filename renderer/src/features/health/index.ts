/** The Health tab: the service, the queue, storage, and the cards of capture, provider and embeddings. */
export { HEALTH_SECTIONS, HealthView, type HealthSection } from './components/Health';
