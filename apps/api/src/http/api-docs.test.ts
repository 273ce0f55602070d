import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves OpenAPI generated from the contract schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const health = document.paths['/api/health'].get;
    expect(
      health.responses['200'].content['application/json'].schema.properties.data.properties.database.enum,
    ).toEqual(['pglite', 'postgres']);
  });

  it('tells a client the rules of the fields it must meet: mobiles, money, the upload form', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const bodyOf = (path: string, method: string, type = 'application/json') =>
      document.paths[path][method].requestBody.content[type].schema;

    const booking = bodyOf('/api/book-slot', 'post').properties;
    expect(new RegExp(booking.customerMobile.pattern).test('+91 98123 45678')).toBe(true);
    expect(new RegExp(booking.customerMobile.pattern).test('12345 67890')).toBe(false);

    const payment = bodyOf('/api/bill/add-payment', 'post').properties.amount;
    expect(payment).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    expect(payment.description).toContain('at most two decimals');
    expect(payment.multipleOf).toBeUndefined();
    const discount = bodyOf('/api/bill/add-bill', 'post').properties.discount;
    expect(discount).toMatchObject({ minimum: 0 });
    expect(discount.exclusiveMinimum).toBeUndefined();

    const upload = document.paths['/api/public/uploads'].post;
    expect(bodyOf('/api/public/uploads', 'post', 'multipart/form-data').properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(upload.responses['204'].content).toBeUndefined();
    expect(Object.keys(upload.responses).sort()).toEqual(['204', '400', '403', '409', '413', '415']);
  });

  it('serves the browsable page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
