import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { TemplateError } from '../../../platform/templates/template-error.js';
import { TemplateRenderer } from '../../../platform/templates/template-renderer.js';

const renderer = new TemplateRenderer(createTemplateEngine({ output: 'text' }));

describe(TemplateRenderer.name, () => {
  it('should copy only the model keys the template reads: a key no JSON copy could take is ignored when unused', () => {
    const model = { name: 'Ann', unused: { huge: 10n } };
    expect(renderer.render('Hi {{ name }}', model, 'body')).toBe('Hi Ann');
    expect(() => renderer.render('{{ unused.huge }}', model, 'body')).toThrow(TypeError);
  });

  it('should read the whole model when a path starts from a computed key, and loops see the keys they name', () => {
    const model = { field: 'city', user: { city: 'Oslo' }, items: [{ n: 1 }, { n: 2 }] };
    expect(renderer.render('{{ user[field] }} {% for i in items %}{{ i.n }}{% endfor %}', model, 'body')).toBe(
      'Oslo 12',
    );
  });

  it('should give the same answer from the cache: variables, renders with other models, and parse errors each time', () => {
    const source = '{{ a }}-{{ b.c }}';
    expect(renderer.variables(source)).toEqual(['a', 'b.c']);
    expect(renderer.render(source, { a: 1, b: { c: 2 } }, 'body')).toBe('1-2');
    expect(renderer.render(source, { a: 'x' }, 'body')).toBe('x-');
    expect(renderer.variables(source)).toEqual(['a', 'b.c']);
    for (const field of ['body', 'subject'])
      expect(() => renderer.check('{% if x %}', field)).toThrow(expect.objectContaining({ field }) as TemplateError);
  });
});
