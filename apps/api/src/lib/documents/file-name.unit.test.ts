import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from './file-name.ts';

describe('sanitizeFileName', () => {
  it('keeps the last path part only, without control or bidi characters', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\statement.pdf')).toBe('statement.pdf');
    expect(sanitizeFileName('in\u0000vo\u0007ice\r\n.pdf')).toBe('invoice.pdf');
    expect(sanitizeFileName('report\u202eFDP.exe')).toBe('reportFDP.exe');
    expect(sanitizeFileName('  two   spaces .pdf ')).toBe('two spaces .pdf');
    expect(sanitizeFileName('..')).toBe('document');
    expect(sanitizeFileName('dir/')).toBe('document');
  });

  it('cuts a long name to 200 characters and keeps its extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII filename and the exact UTF-8 name in filename*', () => {
    expect(contentDisposition('attachment', 'März "1" (a)*.pdf')).toBe(
      `attachment; filename="M_rz _1_ (a)*.pdf"; filename*=UTF-8''M%C3%A4rz%20%221%22%20%28a%29%2A.pdf`,
    );
  });
});
