import { describe, expect, it } from 'vitest';
import { contentDisposition, fileNameForType, sanitizeFileName } from './file-name.ts';

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

describe('fileNameForType', () => {
  it('gives the name the extension of the verified type', () => {
    expect(fileNameForType('x.html', 'application/pdf')).toBe('x.pdf');
    expect(fileNameForType('statement.PDF.exe', 'application/pdf')).toBe('statement.PDF.pdf');
    expect(fileNameForType('scan', 'image/png')).toBe('scan.png');
    expect(fileNameForType('.htaccess', 'application/pdf')).toBe('.htaccess.pdf');
    expect(fileNameForType('photo.png', 'image/jpeg')).toBe('photo.jpg');
  });

  it("keeps a name that already ends with one of the type's extensions, in any case", () => {
    expect(fileNameForType('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(fileNameForType('Photo.JPG', 'image/jpeg')).toBe('Photo.JPG');
    expect(fileNameForType('book.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'book.xlsx',
    );
  });

  it('stays within 200 characters', () => {
    const name = fileNameForType('a'.repeat(200), 'application/pdf');
    expect(name).toHaveLength(200);
    expect(name.endsWith('a.pdf')).toBe(true);
    expect(fileNameForType(`${'a'.repeat(195)}.html`, 'application/pdf')).toBe(`${'a'.repeat(195)}.pdf`);
  });
});
