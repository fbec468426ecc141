import { previewOf } from '../../../subgraphs/mailboxes/messages/message-view.js';

describe('a message preview', () => {
  it('should prefer the text body, whitespace folded, at most 200 characters', () => {
    expect(previewOf('  Hello\n\n  there  ', '<p>ignored</p>')).toBe('Hello there');
    expect(previewOf('x'.repeat(500))).toHaveLength(200);
    expect(previewOf(null, null)).toBe('');
  });

  it.each([
    ['entities decoded', '<p>Fish &amp; chips &eacute;t&#233;</p>', 'Fish & chips été'],
    [
      'head, style and script left out',
      '<html><head><title>Subject</title><style>p { color: red }</style></head><body>Hi<script>if (a < b) x()</script></body></html>',
      'Hi',
    ],
    ['a > inside an attribute', '<a title="1 > 0" href="#">Link</a> text', 'Link text'],
    ['comments left out', 'before<!-- a > b -->after', 'beforeafter'],
    ['each tag a space', '<td>one</td><td>two</td><br>three', 'one two three'],
  ])('should read HTML as a reader sees it: %s', (_what, html, expected) => {
    expect(previewOf(null, html)).toBe(expected);
  });

  it('should stop reading a long HTML body once the preview is full', () => {
    const html = `<p>${'word '.repeat(2_000_000)}</p>`;
    expect(previewOf(null, html)).toBe('word '.repeat(40));
  });
});
