import { describe, expect, it } from 'vitest';
import { withoutRemoteResources } from './without-remote-resources';

describe('withoutRemoteResources', () => {
  it('should take out every address a message would fetch by itself, keeping data: URLs and the text', () => {
    const html = withoutRemoteResources(
      '<h1>Receipt</h1><img alt="pixel" src="https://tracker.example/p.gif"><img alt="logo" src="data:image/png;base64,AAAA">' +
        '<picture><source srcset="https://cdn.example/a.webp"></picture><table background="http://x.example/bg.png"><tr><td>1</td></tr></table>' +
        '<video poster="https://x.example/v.jpg"></video><iframe src="https://x.example/"></iframe><object data="https://x.example/o"></object>' +
        '<link rel="stylesheet" href="https://x.example/s.css"><a href="https://shop.example/">Shop</a>',
    );
    expect(html).not.toMatch(/https?:\/\/(tracker|cdn|x)\.example/);
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(html).toContain('<a href="https://shop.example/">Shop</a>'); // a link fetches only when clicked
    expect(html).toContain('<h1>Receipt</h1>');
  });

  it('should refuse addresses however they are spelled', () => {
    const html = withoutRemoteResources(
      '<IMG SRC=" //tracker.example/p.gif"><img src="HTTPS://tracker.example/q.gif">',
    );
    expect(html.toLowerCase()).not.toContain('tracker.example');
  });
});
