/** Export, import and sync of the memory (a section of Settings). */
export { DataCard } from './components/HealthData';
export { SyncCard } from './components/HealthSync';
