/** Embeddings: their settings section and their Health card. */
export { EmbeddingsSettings } from './components/EmbeddingsSettings';
export { EmbeddingsCard } from './components/HealthEmbeddings';
