// @vitest-environment jsdom
// Which file input an upload_file ref reaches: the input itself, the input its label controls, the one named by
// aria-controls, or the single one inside or beside a styled button; none when that is ambiguous.

import { describe, expect, it } from 'vitest';
import { fileInputFor } from '../../../../src/content/actions/verbs/upload';

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

const byId = (id: string) => document.getElementById(id) as Element;

describe('fileInputFor', () => {
  it('takes the input, the input a label controls, and the one aria-controls names', () => {
    page(`<input id="a" type="file"><label id="l" for="b">Pick</label><div><input id="b" type="file"></div>
      <button id="c" aria-controls="d">Choose</button><input id="d" type="file">`);
    expect(fileInputFor(byId('a'))?.id).toBe('a');
    expect(fileInputFor(byId('l'))?.id).toBe('b');
    expect(fileInputFor(byId('c'))?.id).toBe('d');
  });

  it('takes the single input inside or beside a styled upload button', () => {
    page(`<section><div class="upload"><span id="btn" role="button">Upload</span><input id="x" type="file" hidden></div></section>
      <section><div id="zone" role="button">Drop here<input id="y" type="file" hidden></div></section>`);
    expect(fileInputFor(byId('btn'))?.id).toBe('x');
    expect(fileInputFor(byId('zone'))?.id).toBe('y');
  });

  it('takes none when several inputs are near, or none at all (the ref is then a drop zone)', () => {
    page('<div><button id="btn">Upload</button><input type="file"><input type="file"></div><p id="p">Drop</p>');
    expect(fileInputFor(byId('btn'))).toBeNull();
    page('<main><p><span id="p">Drop</span></p></main>');
    expect(fileInputFor(byId('p'))).toBeNull();
  });
});
