export { findChromium } from '../../src/demo/find-chromium';
