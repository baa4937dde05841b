import { BaseLayerSetting } from './base-layer-setting.tsx';
import { OptionListSection } from './option-list-section.tsx';
import { RenameSpeciesSection } from './rename-species-section.tsx';
import { SpeciesSection } from './species-section.tsx';
import { useSaveConfirmation } from './save-confirmation.ts';
import { TutorialSetting } from './tutorial-setting.tsx';
import '../../styles/pages.css';

/** Personal lists (categories, species, terrain and tree types), the tutorial and the map. */
export function SettingsPage() {
  useSaveConfirmation();
  return (
    <div className="page">
      <h1>Settings</h1>
      <p className="page-lead">Make the journal speak your language.</p>
      <SpeciesSection />
      <RenameSpeciesSection />
      <OptionListSection kind="terrain" />
      <OptionListSection kind="tree" />
      <TutorialSetting />
      <BaseLayerSetting />
    </div>
  );
}
