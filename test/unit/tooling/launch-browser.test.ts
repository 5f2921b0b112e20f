import { describe, expect, it } from 'vitest';
import { viewportFor } from '../../../src/tooling/launch-browser';

describe('the browser npm start and the tests launch', () => {
  it('lets a headed page take the window’s size, so it reflows beside the side panel', () => {
    expect(viewportFor(false)).toBeNull();
  });

  it('keeps headless at 1280×800, which the tests and the bench are written against', () => {
    expect(viewportFor(true)).toEqual({ width: 1280, height: 800 });
  });
});
