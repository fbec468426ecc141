import { OpenApiResponseChecker, responseChecker } from '../helpers/openapi-response-check.js';

const json = 'application/json; charset=utf-8';
const document = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      get: {
        tags: ['things'],
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: { $ref: '#/components/schemas/Thing' } },
                  required: ['data'],
                },
              },
            },
          },
          404: { $ref: '#/components/responses/ThingsError404' },
        },
      },
    },
    '/things/stats': {
      get: {
        tags: ['things'],
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
              },
            },
          },
        },
      },
    },
    '/things/{id}/pixel': { get: { tags: ['things'], responses: { 200: { description: 'a GIF' } } } },
    '/others': {
      get: {
        tags: ['others'],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
        required: ['id', 'createdAt'],
      },
    },
    responses: {
      ThingsError404: {
        description: 'NOT_FOUND',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                error: { type: 'object', properties: { code: { enum: ['NOT_FOUND'] } }, required: ['code'] },
              },
              required: ['error'],
            },
          },
        },
      },
    },
  },
};

describe('OpenApiResponseChecker', () => {
  const checker = new OpenApiResponseChecker(document as never, new Set(['others']));

  it('should accept a body that matches the schema of its method, path template and status, $refs resolved', () => {
    expect(
      checker.check('GET', '/things/t1?x=1', 200, json, { data: { id: 't1', createdAt: '2026-01-01T00:00:00.000Z' } }),
    ).toBeUndefined();
    expect(checker.check('GET', '/things/t1', 404, json, { error: { code: 'NOT_FOUND' } })).toBeUndefined();
  });

  it('should name the route, the status and the ajv errors when a body differs', () => {
    const problem = checker.check('GET', '/things/t1', 200, json, { data: { id: 't1', createdAt: 'yesterday' } });
    expect(problem).toContain('GET /things/{id} → 200');
    expect(problem).toContain('/data/createdAt must match format "date-time"');
    expect(
      checker.check('GET', '/things/t1', 200, json, { data: { id: null, createdAt: '2026-01-01T00:00:00Z' } }),
    ).toContain('/data/id must be string');
    expect(checker.check('GET', '/things/t1', 404, json, { success: false })).toContain(
      "must have required property 'error'",
    );
  });

  it('should refuse a status the document does not list for the route', () => {
    expect(checker.check('GET', '/things/t1', 500, json, { error: { code: 'INTERNAL_ERROR' } })).toContain(
      'status 500 is not documented',
    );
  });

  it('should prefer a literal segment over a path parameter', () => {
    expect(checker.check('GET', '/things/stats', 200, json, { count: 3 })).toBeUndefined();
    expect(checker.check('GET', '/things/stats', 200, json, { data: {} })).toContain('GET /things/stats → 200');
  });

  it("should check an error on a path the document does not list against its module's error shape", () => {
    expect(checker.check('GET', '/things/a/b/c', 404, json, { error: { code: 'NOT_FOUND' } })).toBeUndefined();
    expect(checker.check('DELETE', '/things/t1', 404, json, { message: 'no' })).toContain("things's error shape");
  });

  it('should skip what is not the document to judge: non-JSON, non-envelope routes, unchecked modules, other paths', () => {
    expect(checker.check('GET', '/things/t1/pixel', 200, json, { anything: true })).toBeUndefined();
    expect(checker.check('GET', '/things/t1', 200, 'text/html', undefined)).toBeUndefined();
    expect(checker.check('GET', '/others', 200, json, { not: 'an array' })).toBeUndefined();
    expect(checker.check('POST', '/graphql', 200, json, { data: null })).toBeUndefined();
  });

  it('should compile against the committed schema/openapi.json', () => {
    const real = responseChecker();
    expect(
      real.check('GET', '/emails/templates/x', 404, json, {
        success: false,
        error: { code: 'TEMPLATE_NOT_FOUND', message: 'no' },
      }),
    ).toBeUndefined();
    expect(
      real.check('GET', '/emails/templates/x', 404, json, { success: false, error: { code: 'NOPE', message: 'no' } }),
    ).toContain('/error/code must be equal to one of the allowed values');
  });
});
