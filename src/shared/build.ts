// Identifies this build of the extension, so a content script left over from an older build can be told apart.
// Vite replaces __STEADYHAND_BUILD__ at build time (vite.config.ts); tests see 'dev'.

declare const __STEADYHAND_BUILD__: string | undefined;

export const BUILD_ID: string = typeof __STEADYHAND_BUILD__ === 'string' ? __STEADYHAND_BUILD__ : 'dev';
