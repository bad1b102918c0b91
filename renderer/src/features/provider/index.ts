/** The compression provider: its settings section, the picker, key health, usage, its Health card. */
export { ProviderView } from './components/Provider';
export { isApiRoot, OLLAMA_URL } from './components/ProviderPicker';
export { ProviderHealthCard } from './components/HealthProvider';
