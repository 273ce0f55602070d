import { csvCell, toCsv } from '@vaidya/contract/csv';
import { patientImportMessages, patientMessages } from '@vaidya/contract/patients';
import { phoneNumberMessages } from '@vaidya/contract/phone-numbers';
import { textMessages } from '@vaidya/contract/text';
import { describe, expect, it } from 'vitest';
import { CsvError, checkImportRows, parseCsv } from './patients.csv';

describe('writing CSV a spreadsheet opens safely', () => {
  it('a patient named =HYPERLINK(…) by an online booking comes out as text, not a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Read back, the cell is the name behind a leading quote: text in every spreadsheet.
    expect(parseCsv(toCsv([[`=HYPERLINK("http://x","y")`]]))[0]?.cells).toEqual([
      `'=HYPERLINK("http://x","y")`,
    ]);
  });

  it('every cell starting with =, +, -, @, a tab or a carriage return gets a leading quote', () => {
    expect(['=1+2', '+91 98220', '-5', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+2",
      "'+91 98220",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(['Asha Verma', 'a=b', '42', ''].map(csvCell)).toEqual(['Asha Verma', 'a=b', '42', '']);
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes; null is empty', () => {
    expect(csvCell('Flat 4, MG Road')).toBe('"Flat 4, MG Road"');
    expect(csvCell('Ravi "Raju" Kumar')).toBe('"Ravi ""Raju"" Kumar"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(1250.5)).toBe('1250.5');
  });

  it('a file starts with a byte-order mark and ends each row with CRLF', () => {
    expect(
      toCsv([
        ['Name', 'Mobile'],
        ['Asha', '9822011001'],
      ]),
    ).toBe('\uFEFFName,Mobile\r\nAsha,9822011001\r\n');
  });
});

describe('reading CSV from another system', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF, LF and a byte-order mark', () => {
    const text = '\uFEFFName,Address\r\n"Ravi ""Raju"" Kumar","Flat 4,\r\nMG Road"\r\nAsha,Pune\nMeena,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['Name', 'Address'] },
      { line: 2, cells: ['Ravi "Raju" Kumar', 'Flat 4,\r\nMG Road'] },
      { line: 4, cells: ['Asha', 'Pune'] },
      { line: 5, cells: ['Meena', ''] },
    ]);
  });

  it('leaves out blank lines and reads a last row without a line end', () => {
    expect(parseCsv('Name\n\nAsha\r\n\r\nRavi')).toEqual([
      { line: 1, cells: ['Name'] },
      { line: 3, cells: ['Asha'] },
      { line: 5, cells: ['Ravi'] },
    ]);
  });

  it('a quote never closed names the row it opens on', () => {
    expect(() => parseCsv('Name\nAsha\n"Ravi,98220\n')).toThrow(
      new CsvError(patientImportMessages.unclosedQuote(3)),
    );
  });
});

describe('checking the rows of an import', () => {
  const check = (text: string) => checkImportRows(parseCsv(text));

  it('matches header names case-insensitively in any order, ignoring other columns', () => {
    const [row] = check(
      'MOBILE,name,Blood group,gender,AGE,patient number,Email,address\n98220 11001,Asha Verma,B+,F,34,SDC-0042,asha@example.com,Pune\n',
    );
    expect(row).toEqual({
      line: 2,
      name: 'Asha Verma',
      patient: {
        name: 'Asha Verma',
        mobile: '9822011001',
        gender: 'female',
        dateOfBirth: null,
        age: 34,
        patientNumber: 'SDC-0042',
        email: 'asha@example.com',
        address: 'Pune',
      },
    });
  });

  it('reads a date of birth written day first, and prefers it to an age (an exported file has both)', () => {
    const rows = check(
      'Name,Mobile,Date of birth,Age\nAsha,9822011001,05/01/1990,36\nRavi,9822011002,1985-12-31,\n',
    );
    expect(rows.map((row) => [row.patient?.dateOfBirth, row.patient?.age])).toEqual([
      ['1990-01-05', null],
      ['1985-12-31', null],
    ]);
  });

  it('refuses each bad row with the contract’s sentence naming the field', () => {
    const rows = check(
      [
        'Name,Mobile,Gender,Age,Email',
        ',9822011001,,,',
        'Ravi,12345,,,',
        'Meena,9822011003,unknown,,',
        'Farah,9822011004,,two hundred,',
        'Kiran,9822011005,,,not-an-email',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.line, row.error])).toEqual([
      [2, textMessages.required('Name')],
      [3, phoneNumberMessages.invalidMobile],
      [4, patientImportMessages.invalidGender],
      [5, patientMessages.invalidAge],
      [6, patientMessages.invalidEmail],
    ]);
  });

  it('a file without a Name or a Mobile column, or without rows, is refused whole', () => {
    expect(() => check('Name,Phone\nAsha,9822011001\n')).toThrow(patientImportMessages.missingColumns);
    expect(() => check('Name,Mobile\n')).toThrow(patientImportMessages.noRows);
    expect(() => check('')).toThrow(patientImportMessages.noRows);
  });
});
