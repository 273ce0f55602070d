import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { leadRequest } from './leads';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  masterListQuery,
  masterMessages,
  masterNameMaxLength,
  observationContract,
  productContract,
  productTemplateContract,
  treatmentContract,
} from './masters';
import { requiredText, text } from './text';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('the text rule', () => {
  const name = requiredText({ label: 'Patient name', max: 10 });
  const notes = text({ label: 'Notes', max: 50, multiline: true });

  it('trims, then keeps any script, its joiners and emoji', () => {
    expect(name.parse('  Asha  ')).toBe('Asha');
    expect(name.parse('क्‍ष')).toBe('क्‍ष');
    expect(name.parse('ரமேஷ்')).toBe('ரமேஷ்');
    expect(notes.parse('Fever 🤒')).toBe('Fever 🤒');
  });

  it.each([
    ['NUL', 'As\u0000ha'],
    ['a bell', 'As\u0007ha'],
    ['a tab inside', 'As\tha'],
    ['a line break inside', 'As\nha'],
    ['DEL', 'As\u007fha'],
    ['a C1 control', 'As\u0085ha'],
    ['half a surrogate pair', 'As\ud83dha'],
  ])('refuses %s in one line, with a sentence that names the field', (_case, value) => {
    expect(firstMessage(name, value)).toBe(
      'Patient name contains an invisible character that is not allowed. Please retype it.',
    );
  });

  it('lets multi-line text keep tabs and line breaks, never NUL', () => {
    expect(notes.parse('Before food\r\n\tAfter food')).toBe('Before food\r\n\tAfter food');
    expect(firstMessage(notes, 'Before\u0000food')).toMatch(/^Notes contains an invisible character/);
  });

  it('says too long with the limit, counted after trimming', () => {
    expect(name.parse(`  ${'a'.repeat(10)}  `)).toBe('a'.repeat(10));
    expect(firstMessage(name, 'a'.repeat(11))).toBe('Patient name must be at most 10 characters');
    expect(firstMessage(name, `${'a'.repeat(100_000)}\u0000`)).toBe(
      'Patient name must be at most 10 characters',
    );
  });

  it('says required for blank, missing or non-text values, in the field’s own words when given', () => {
    expect(firstMessage(name, '   ')).toBe('Patient name is required');
    expect(firstMessage(name, undefined)).toBe('Patient name is required');
    expect(firstMessage(name, 42)).toBe('Patient name is required');
    const spec = requiredText({
      label: 'Complaint name',
      max: 10,
      requiredMessage: 'Please fill in all required fields',
    });
    expect(firstMessage(spec, '')).toBe('Please fill in all required fields');
    expect(firstMessage(spec, 'a'.repeat(11))).toBe('Complaint name must be at most 10 characters');
  });

  it('takes a secret exactly as typed, under the same rule', () => {
    const secret = text({ label: 'Password', max: 20, trim: false });
    expect(secret.parse(' open sesame ')).toBe(' open sesame ');
    expect(firstMessage(secret, 'open\u0000sesame')).toMatch(/^Password contains an invisible character/);
  });

  it('says what an optional field wants when it is not text', () => {
    expect(text({ label: 'Search', max: 5 }).optional().parse(undefined)).toBeUndefined();
    expect(firstMessage(text({ label: 'Search', max: 5 }), 7)).toBe('Search must be text');
  });
});

describe('the contract follows the rule', () => {
  it('a master name that is too long says too long, not required', () => {
    const tooLong = 'x'.repeat(masterNameMaxLength + 1);
    expect(firstMessage(complaintContract.addBody, { complaintName: tooLong })).toBe(
      'Complaint name must be at most 200 characters',
    );
    expect(firstMessage(productContract.addBody, { productName: tooLong })).toBe(
      'Medicine name must be at most 200 characters',
    );
    expect(firstMessage(productContract.addBody, {})).toBe(masterMessages.medicineNameRequired);
    expect(firstMessage(complaintContract.addBody, { complaintName: ' ' })).toBe(
      masterMessages.requiredFields,
    );
  });

  const validBodies: [string, z.ZodObject, Record<string, unknown>][] = [
    ['complaint', complaintContract.addBody, { complaintName: 'Fever' }],
    ['diagnosis', diagnosisContract.addBody, { diagnosisName: 'Flu' }],
    ['investigation', investigationContract.addBody, { investigationName: 'CBC' }],
    ['observation', observationContract.addBody, { observationName: 'Pale' }],
    [
      'medicine',
      productContract.addBody,
      { productName: 'Crocin', composition: 'Paracetamol', dosageQty: '1', instructions: 'After food' },
    ],
    ['treatment', treatmentContract.addBody, { treatmentName: 'Scaling', type: 'service' }],
    [
      'template',
      productTemplateContract.addBody,
      { templateName: 'Fever', productIds: ['8f14e45f-ceea-467a-9575-7f3e3b7c8a1d'] },
    ],
    [
      'lead',
      leadRequest,
      { phoneNumber: '9876543210', name: 'Asha', specialty: 'Dentist', location: 'Pune' },
    ],
    ['master search', masterListQuery, { query: 'fev' }],
  ];

  it.each(validBodies)('no field of the %s request takes a NUL', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const field of Object.keys(schema.shape)) {
      expect(schema.safeParse({ ...valid, [field]: 'Fe\u0000ver' }).success, field).toBe(false);
    }
  });
});
