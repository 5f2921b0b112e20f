import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

const icons = {
  16: 'icons/icon-16.png',
  32: 'icons/icon-32.png',
  48: 'icons/icon-48.png',
  128: 'icons/icon-128.png',
};

export default defineManifest({
  manifest_version: 3,
  name: '__MSG_extName__',
  description: '__MSG_extDescription__',
  default_locale: 'en',
  version: pkg.version,
  icons,
  action: { default_title: '__MSG_actionTitle__', default_icon: icons },
  side_panel: { default_path: 'src/panel/index.html' },
  background: { service_worker: 'src/background/index.ts', type: 'module' },
  permissions: [
    'sidePanel',
    'tabs',
    'tabGroups',
    'webNavigation',
    'scripting',
    'storage',
    'favicon',
    'downloads',
    'declarativeNetRequestWithHostAccess',
    'webRequest',
    'alarms',
  ],
  host_permissions: ['<all_urls>'],
});
