import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { productInput } from './consultation-forms';
import { productContract, treatmentContract } from './masters';
import { addQueueBody, updateSlotSizeBody } from './schedule';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('validation wording', () => {
  it.each([
    ['abc', 'Price must be an amount in rupees, like 500 or 499.50'],
    [-5, 'Price cannot be negative'],
    [12.345, 'Price must have at most two decimals'],
  ])('names the price and the rule it broke for %j', (price, message) => {
    expect(firstMessage(productContract.addBody.shape.price, price)).toBe(message);
    expect(firstMessage(treatmentContract.addBody.shape.price, price)).toBe(message);
  });

  it.each([-1, 2.5, 3651])(
    'gives the range of a medicine’s days for %j, on a medicine and a prescription',
    (days) => {
      const sentence = 'Days must be a whole number from 0 to 3650';
      expect(firstMessage(productContract.addBody.shape.days, days)).toBe(sentence);
      expect(firstMessage(productInput.shape.days, days)).toBe(sentence);
    },
  );

  it('takes slot sizes in steps of 5 minutes from 5 to 120, and says so', () => {
    const slotSize = updateSlotSizeBody.shape.slotSize;
    for (const minutes of [5, 10, 45, 120]) expect(slotSize.safeParse(minutes).success).toBe(true);
    for (const minutes of [0, 7, 12.5, 118, 125, '15']) {
      expect(firstMessage(slotSize, minutes)).toBe('Slot size must be a multiple of 5 minutes from 5 to 120');
      expect(firstMessage(addQueueBody.shape.slotSize, minutes)).toBe(
        'Slot size must be a multiple of 5 minutes from 5 to 120',
      );
    }
  });
});
