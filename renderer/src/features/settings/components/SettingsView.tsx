import { ContextView } from '@/features/context';
import { SectionNav } from '@/components/SectionNav';
import { DataCard, SyncCard } from '@/features/data';
import { PrivacyView } from './Privacy';
import { ProviderView } from '@/features/provider';
import { AppSettingsCard } from './AppSettingsCard';
import { EmbeddingsSettings } from '@/features/embeddings';

function SyncSection() {
  return (
    <section className="view" aria-label="Sync">
      <SyncCard />
    </section>
  );
}

function DataSection() {
  return (
    <section className="view" aria-label="Export and import">
      <DataCard />
    </section>
  );
}

function AppSection() {
  return (
    <section className="view" aria-label="App">
      <AppSettingsCard />
    </section>
  );
}

/** Every setting in one place, one section at a time; each section has its own address (#privacy, …). */
export const SETTINGS_SECTIONS = [
  { id: 'privacy', label: 'Privacy', View: PrivacyView },
  { id: 'provider', label: 'Provider', View: ProviderView },
  { id: 'embeddings', label: 'Embeddings', View: EmbeddingsSettings },
  { id: 'context', label: 'Context', View: ContextView },
  { id: 'sync', label: 'Sync', View: SyncSection },
  { id: 'data', label: 'Export', View: DataSection },
  { id: 'app', label: 'App', View: AppSection },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

export function SettingsView(props: { section: SettingsSection; onSection: (id: SettingsSection) => void }) {
  const current = SETTINGS_SECTIONS.find((s) => s.id === props.section) ?? SETTINGS_SECTIONS[0];
  return (
    <div className="settings">
      <SectionNav
        label="Settings sections"
        sections={SETTINGS_SECTIONS}
        current={current.id}
        onSelect={props.onSection}
      />
      <div role="tabpanel" aria-labelledby={`section-${current.id}`}>
        <current.View key={current.id} />
      </div>
    </div>
  );
}
