/**
 * The allergy check of the prescription editor (issue 21, "Allergy safety"): a small
 * shipped list of drug classes and a matcher over the words of a medicine's name and
 * composition. It reads names as written, so it is a reminder, not a complete allergy
 * check: a brand it does not know, or a misspelling, passes unnoticed. Zod-free, as the
 * web editor runs it on every medicine added.
 */

export interface AllergyClass {
  /** The class as a medicine is said to belong to it: "Amoxicillin 500 is a penicillin". */
  oneOf: string;
  /** What an allergy may call the whole class: "Sulfa", "NSAIDs". */
  names: readonly string[];
  /** Medicines of the class, as their names or compositions spell them. */
  members: readonly string[];
}

export const allergyClasses: readonly AllergyClass[] = [
  {
    oneOf: 'a penicillin',
    names: ['penicillin', 'penicillins'],
    members: [
      'penicillin',
      'amoxicillin',
      'amoxycillin',
      'ampicillin',
      'amoxiclav',
      'co amoxiclav',
      'cloxacillin',
      'dicloxacillin',
      'flucloxacillin',
      'piperacillin',
      'benzylpenicillin',
      'phenoxymethylpenicillin',
    ],
  },
  {
    oneOf: 'a cephalosporin',
    names: ['cephalosporin', 'cephalosporins'],
    members: [
      'cefalexin',
      'cephalexin',
      'cefadroxil',
      'cefazolin',
      'cefaclor',
      'cefuroxime',
      'cefprozil',
      'cefixime',
      'cefdinir',
      'cefpodoxime',
      'ceftriaxone',
      'cefotaxime',
      'ceftazidime',
      'cefoperazone',
      'cefepime',
    ],
  },
  {
    oneOf: 'a sulfonamide',
    names: ['sulfa', 'sulpha', 'sulfonamide', 'sulfonamides', 'sulphonamide', 'sulphonamides'],
    members: [
      'sulfamethoxazole',
      'sulphamethoxazole',
      'co trimoxazole',
      'cotrimoxazole',
      'sulfasalazine',
      'sulphasalazine',
      'sulfadiazine',
      'sulphadiazine',
    ],
  },
  {
    oneOf: 'an NSAID',
    names: ['nsaid', 'nsaids'],
    members: [
      'diclofenac',
      'aceclofenac',
      'ibuprofen',
      'aspirin',
      'acetylsalicylic acid',
      'naproxen',
      'mefenamic acid',
      'ketorolac',
      'piroxicam',
      'nimesulide',
      'etodolac',
      'indomethacin',
      'ketoprofen',
      'flurbiprofen',
      'meloxicam',
      'lornoxicam',
      'celecoxib',
      'etoricoxib',
    ],
  },
  {
    oneOf: 'a local anaesthetic',
    names: ['local anaesthetic', 'local anaesthetics', 'local anesthetic', 'local anesthetics'],
    members: [
      'lidocaine',
      'lignocaine',
      'xylocaine',
      'articaine',
      'bupivacaine',
      'prilocaine',
      'mepivacaine',
      'ropivacaine',
      'benzocaine',
    ],
  },
];

/** Why a medicine matched an allergy: it names the allergy itself, or a medicine of the allergy's class. */
export type AllergyMatchReason = { by: 'word' } | { by: 'class'; allergyClass: AllergyClass };

export interface AllergyMatch {
  /** The allergy as the patient's record writes it. */
  allergy: string;
  why: AllergyMatchReason;
}

/** Lower case, every run of punctuation or space one space, padded so a phrase is found only as whole words. */
const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

const hasPhrase = (words: string, phrase: string) => words.includes(` ${phrase} `);

/** The classes an allergy names, by a class's own name ("Sulfa") or one of its medicines ("Amoxicillin"). */
const classesOf = (allergyWords: string) =>
  allergyClasses.filter((allergyClass) =>
    [...allergyClass.names, ...allergyClass.members].some((phrase) => hasPhrase(allergyWords, phrase)),
  );

/**
 * The patient's allergies a medicine matches, each once, in the record's order: by the
 * allergy's own words in the medicine's name or composition ("Aspirin" in "Aspirin 75"),
 * else by a class both belong to ("Penicillin" and "Amoxicillin 500"). Case, punctuation
 * and spacing do not count; parts of words do not match ("Sulfa" is not in "Sulfasalazine"
 * by word, only by class).
 */
export function allergyMatches(
  allergies: readonly string[],
  medicine: { name: string; composition: string },
): AllergyMatch[] {
  const medicineWords = wordsOf(`${medicine.name} ${medicine.composition}`);
  const matches: AllergyMatch[] = [];
  for (const allergy of allergies) {
    const allergyWords = wordsOf(allergy);
    if (allergyWords.trim() === '') continue;
    if (hasPhrase(medicineWords, allergyWords.trim())) {
      matches.push({ allergy, why: { by: 'word' } });
      continue;
    }
    const shared = classesOf(allergyWords).find((allergyClass) =>
      allergyClass.members.some((member) => hasPhrase(medicineWords, member)),
    );
    if (shared) matches.push({ allergy, why: { by: 'class', allergyClass: shared } });
  }
  return matches;
}
