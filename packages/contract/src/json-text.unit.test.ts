import { describe, expect, it } from 'vitest';
import { JsonText, jsonObjectWith } from './json-text';

describe('jsonObjectWith', () => {
  const tickets = new JsonText<{ id: number }[]>('[{"id":1},{"id":2}]');

  it('puts the written fields first, then the value’s, as one JSON object', () => {
    const page = jsonObjectWith({ tickets }, { total: 2, 'odd "name"': 'a\nb' });
    expect(page.text).toBe('{"tickets":[{"id":1},{"id":2}],"total":2,"odd \\"name\\"":"a\\nb"}');
    expect(page.parse()).toEqual({ tickets: [{ id: 1 }, { id: 2 }], total: 2, 'odd "name"': 'a\nb' });
  });

  it('with an empty value, the written fields alone', () => {
    expect(jsonObjectWith({ tickets }, {}).parse()).toEqual({ tickets: [{ id: 1 }, { id: 2 }] });
  });
});
