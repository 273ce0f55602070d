import { describe, expect, it } from 'vitest';
import { allergyMatches } from './allergy-classes';

/** Each match as the editor words it: "Penicillin by a penicillin", "Aspirin by word". */
const matched = (allergies: string[], name: string, composition = '') =>
  allergyMatches(allergies, { name, composition }).map(
    ({ allergy, why }) => `${allergy} by ${why.by === 'word' ? 'word' : why.allergyClass.oneOf}`,
  );

describe('an allergy matched against a medicine added to the prescription', () => {
  it.each([
    [['Penicillin'], 'Amoxicillin 500', '', ['Penicillin by a penicillin']],
    [['Penicillin'], 'Amoxicillin 250', 'Amoxicillin 250 mg', ['Penicillin by a penicillin']],
    [
      ['penicillin'],
      'Augmentin 625',
      'Amoxicillin 500 mg + Clavulanic acid 125 mg',
      ['penicillin by a penicillin'],
    ],
    [['PENICILLIN'], 'Amoxiclav 625', '', ['PENICILLIN by a penicillin']],
    [['Penicillin'], 'Co-Amoxiclav', '', ['Penicillin by a penicillin']],
    [['Amoxicillin'], 'Amoxicillin 500', '', ['Amoxicillin by word']],
    [['Amoxicillin'], 'Ampicillin 250', '', ['Amoxicillin by a penicillin']],
    [['Cephalosporins'], 'Cephalexin 500', '', ['Cephalosporins by a cephalosporin']],
    [['Cefixime'], 'Taxim-O 200', 'Cefixime 200mg', ['Cefixime by word']],
    [['Sulfa'], 'Septran DS', 'Co-trimoxazole', ['Sulfa by a sulfonamide']],
    [['Sulpha drugs'], 'Sulfasalazine 500', '', ['Sulpha drugs by a sulfonamide']],
    [['Aspirin'], 'Aspirin 75', '', ['Aspirin by word']],
    [['Diclofenac'], 'Aceclofenac 100', '', ['Diclofenac by an NSAID']],
    [['NSAIDs'], 'Zerodol-P', 'Aceclofenac 100 mg + Paracetamol 325 mg', ['NSAIDs by an NSAID']],
    [['NSAID'], 'Meftal Spas', 'Mefenamic Acid 250 mg', ['NSAID by an NSAID']],
    [['Lignocaine'], 'Lidocaine 2% with adrenaline', '', ['Lignocaine by a local anaesthetic']],
    [['Local anaesthetic'], 'Articaine 4%', '', ['Local anaesthetic by a local anaesthetic']],
    [['Dust', 'Penicillin', 'Ibuprofen'], 'Brufen 400', 'Ibuprofen 400 mg', ['Ibuprofen by word']],
    [
      ['Penicillin', 'Amoxicillin'],
      'Amoxicillin 500',
      '',
      ['Penicillin by a penicillin', 'Amoxicillin by word'],
    ],
  ])('%j and %s (%s) match: %j', (allergies, name, composition, expected) => {
    expect(matched(allergies, name, composition)).toEqual(expected);
  });

  it.each([
    [['Penicillin'], 'Paracetamol 650', 'Paracetamol 650 mg'],
    [['Sulfa'], 'Amoxicillin 500', ''],
    [['Aspirin'], 'Paracetamol 500', ''],
    [['Amoxicillin'], 'Cefuroxime 500', ''],
    [['Cillin'], 'Amoxicillin 500', ''],
    [['Ace'], 'Aceclofenac 100', ''],
    [['Dust', 'Latex'], 'Metronidazole 400', ''],
    [['', '  ', '--'], 'Amoxicillin 500', ''],
    [[], 'Amoxicillin 500', ''],
  ])(
    '%j and %s (%s) match nothing: parts of words and other classes do not count',
    (allergies, name, composition) => {
      expect(matched(allergies, name, composition)).toEqual([]);
    },
  );
});
