// Where the panel's page lives in the built extension: the manifest's side_panel.default_path (manifest.config.ts).
// The worker finds open panels by it; the same page also opens as a tab (`npm start`, the e2e kit).

export const PANEL_PAGE = 'src/panel/index.html';
