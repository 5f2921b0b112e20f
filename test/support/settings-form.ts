// The settings page as the e2e tests use it: a page in sections (disclosures), each field saved as it changes
// (src/panel/ui/settings/settings-view.tsx). A section is opened only if closed: its open state outlives a switch of view.

import type { Locator, Page } from 'playwright-core';

export type SettingsSectionId = 'model' | 'sites' | 'behaviour' | 'agents' | 'advanced';

/** Opens the settings view (if it is not open) and the section `id` (if it is closed); returns the form. */
export async function openSettingsSection(panel: Page, id: SettingsSectionId): Promise<Locator> {
  const form = panel.getByTestId('settings');
  if ((await form.count()) === 0) {
    await panel.getByTestId('nav-settings').click();
  }
  const section = form.getByTestId(`settings-${id}`);
  if (!(await section.evaluate((node) => (node as HTMLDetailsElement).open))) {
    await section.locator(':scope > summary').click();
  }
  return form;
}
