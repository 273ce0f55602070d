import { describe, expect, it } from 'vitest';
import { MultipartFormError, parseMultipartForm } from './multipart-form';
import { multipartBody } from './upload-fixtures';

describe('parseMultipartForm', () => {
  it('reads the fields before the file and the file’s bytes exactly, CRLFs inside included', () => {
    const bytes = Buffer.from('line one\r\n--not-the-boundary\r\nline two');
    const { payload, contentType } = multipartBody(
      { key: 'a/b.png', 'Content-Type': 'image/png' },
      { fileName: 'x.png', contentType: 'image/png', bytes },
    );
    const form = parseMultipartForm(contentType, payload);
    expect(Object.fromEntries(form.fields)).toEqual({ key: 'a/b.png', 'Content-Type': 'image/png' });
    expect(form.file?.fieldName).toBe('file');
    expect(form.file?.fileName).toBe('x.png');
    expect(form.file?.data.equals(bytes)).toBe(true);
  });

  it('answers a form without a file with its fields only', () => {
    const { payload, contentType } = multipartBody({ key: 'k' });
    expect(parseMultipartForm(contentType, payload).file).toBeUndefined();
  });

  it.each([
    ['no boundary', 'multipart/form-data', Buffer.from('--x\r\n')],
    ['another content type', 'application/json', Buffer.from('{}')],
    ['no parts', 'multipart/form-data; boundary=x', Buffer.from('hello')],
    [
      'a cut-off body',
      'multipart/form-data; boundary=x',
      Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'),
    ],
    [
      'a part without a name',
      'multipart/form-data; boundary=x',
      Buffer.from('--x\r\nContent-Type: text/plain\r\n\r\nv\r\n--x--'),
    ],
    [
      'a repeated field',
      'multipart/form-data; boundary=x',
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n2\r\n--x--',
      ),
    ],
    ['garbage after a delimiter', 'multipart/form-data; boundary=x', Buffer.from('--xyz')],
  ])('refuses %s', (_case, contentType, body) => {
    expect(() => parseMultipartForm(contentType, body)).toThrow(MultipartFormError);
  });

  it('refuses more than 20 parts', () => {
    const fields = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'v']));
    const { payload, contentType } = multipartBody(fields);
    expect(() => parseMultipartForm(contentType, payload)).toThrow('too many parts');
  });
});
