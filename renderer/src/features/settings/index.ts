/** The Settings tab and its sections. */
export { SETTINGS_SECTIONS, SettingsView, type SettingsSection } from './components/SettingsView';
