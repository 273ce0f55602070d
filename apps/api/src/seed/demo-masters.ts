import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  complaints,
  diagnoses,
  investigations,
  observations,
  products,
  productTemplateItems,
  productTemplates,
  treatments,
} from '../db/schema';

/*
 * The demo clinic's consultation masters, so its prescriptions and bills have
 * realistic lists to pick from. Every insert skips rows already there (the unique
 * name index per partner), so seeding again only adds what is missing.
 */

const complaintNames = [
  'Toothache',
  'Sensitivity to cold',
  'Sensitivity to hot',
  'Bleeding gums',
  'Swollen gums',
  'Bad breath',
  'Loose tooth',
  'Broken tooth',
  'Food lodgement',
  'Jaw pain',
  'Difficulty in opening mouth',
  'Mouth ulcers',
  'Burning sensation in mouth',
  'Swelling on face',
  'Pain while chewing',
  'Discoloured teeth',
  'Crooked teeth',
  'Missing teeth',
  'Denture not fitting',
  'Fever',
  'Cold and cough',
  'Headache',
  'Sore throat',
  'Body ache',
  'Acidity',
  'Loose motions',
  'Vomiting',
  'Giddiness',
  'Weakness',
  'Burning micturition',
];

const observationNames = [
  'Deep caries',
  'Dental caries',
  'Tender on percussion',
  'Gingival inflammation',
  'Calculus and stains',
  'Periodontal pocket',
  'Grade I mobility',
  'Grade II mobility',
  'Fractured crown',
  'Root stump',
  'Periapical abscess',
  'Impacted third molar',
  'Pericoronitis',
  'Attrition',
  'Abrasion',
  'Gingival recession',
  'Aphthous ulcer',
  'Malocclusion',
  'Crowding',
  'Spacing',
  'Edentulous arch',
  'Fluorosis',
  'Temperature 100 F',
  'Throat congestion',
  'Tonsils enlarged',
  'Chest clear',
  'Blood pressure raised',
  'Pallor',
  'Dehydration',
  'Abdominal tenderness',
];

const investigationNames = [
  'IOPA X-ray',
  'OPG (Orthopantomogram)',
  'Bitewing X-ray',
  'CBCT scan',
  'Lateral cephalogram',
  'Pulp vitality test',
  'Complete blood count (CBC)',
  'Blood sugar fasting',
  'Blood sugar post-prandial',
  'HbA1c',
  'Random blood sugar',
  'Bleeding time and clotting time',
  'Prothrombin time (PT/INR)',
  'Lipid profile',
  'Liver function test',
  'Kidney function test',
  'Thyroid profile (T3, T4, TSH)',
  'Urine routine and microscopy',
  'Dengue NS1 antigen',
  'Malaria antigen test',
  'Widal test',
  'Vitamin D (25-OH)',
  'Vitamin B12',
  'Chest X-ray',
  'ECG',
  'HIV and HBsAg screening',
];

const diagnosisNames = [
  'Reversible pulpitis',
  'Irreversible pulpitis',
  'Pulp necrosis',
  'Acute apical periodontitis',
  'Chronic apical periodontitis',
  'Periapical abscess',
  'Dental caries',
  'Gingivitis',
  'Chronic periodontitis',
  'Pericoronitis',
  'Impacted mandibular third molar',
  'Dentinal hypersensitivity',
  'Fractured tooth',
  'Recurrent aphthous stomatitis',
  'Oral candidiasis',
  'Malocclusion',
  'Partially edentulous',
  'Completely edentulous',
  'Temporomandibular joint disorder',
  'Dental fluorosis',
  'Viral fever',
  'Upper respiratory tract infection',
  'Acute pharyngitis',
  'Acute gastroenteritis',
  'Gastritis',
  'Type 2 diabetes mellitus',
  'Hypertension',
  'Hypothyroidism',
  'Iron deficiency anaemia',
  'Urinary tract infection',
];

/** Name | composition | price (₹) | dosage | instructions | days | timing (M, A, E, S for SOS). */
const medicineTable = `
Paracetamol 500|Paracetamol 500 mg|20|1 tablet|After meal|3|MAE
Paracetamol 650|Paracetamol 650 mg|30|1 tablet|After meal|3|MAE
Ibuprofen 400|Ibuprofen 400 mg|25|1 tablet|After meal|3|ME
Ibuprofen + Paracetamol|Ibuprofen 400 mg + Paracetamol 325 mg|35|1 tablet|After meal|3|ME
Aceclofenac 100|Aceclofenac 100 mg|60|1 tablet|After meal|5|ME
Aceclofenac + Paracetamol|Aceclofenac 100 mg + Paracetamol 325 mg|75|1 tablet|After meal|5|ME
Aceclofenac + Paracetamol + Serratiopeptidase|Aceclofenac 100 mg + Paracetamol 325 mg + Serratiopeptidase 15 mg|110|1 tablet|After meal|5|ME
Diclofenac 50|Diclofenac sodium 50 mg|30|1 tablet|After meal|3|ME
Diclofenac + Paracetamol|Diclofenac 50 mg + Paracetamol 325 mg|40|1 tablet|After meal|3|ME
Ketorolac 10|Ketorolac tromethamine 10 mg|45|1 tablet|After meal|3|S
Nimesulide 100|Nimesulide 100 mg|35|1 tablet|After meal|3|ME
Mefenamic Acid 500|Mefenamic acid 500 mg|40|1 tablet|After meal|3|ME
Etoricoxib 90|Etoricoxib 90 mg|120|1 tablet|After meal|5|M
Tramadol + Paracetamol|Tramadol 37.5 mg + Paracetamol 325 mg|95|1 tablet|After meal|3|S
Serratiopeptidase 10|Serratiopeptidase 10 mg|90|1 tablet|After meal|5|ME
Trypsin-Chymotrypsin|Trypsin 48 mg + Chymotrypsin 2 mg|150|1 tablet|Before meal|5|MAE
Amoxicillin 250|Amoxicillin 250 mg|45|1 capsule|After meal|5|MAE
Amoxicillin 500|Amoxicillin 500 mg|75|1 capsule|After meal|5|MAE
Amoxicillin + Clavulanic Acid 625|Amoxicillin 500 mg + Clavulanic acid 125 mg|200|1 tablet|After meal|5|ME
Amoxicillin + Clavulanic Acid 375|Amoxicillin 250 mg + Clavulanic acid 125 mg|150|1 tablet|After meal|5|ME
Amoxicillin Dry Syrup|Amoxicillin 125 mg per 5 ml|70|5 ml|After meal|5|MAE
Amoxicillin + Clavulanic Acid Syrup|Amoxicillin 200 mg + Clavulanic acid 28.5 mg per 5 ml|140|5 ml|After meal|5|ME
Azithromycin 250|Azithromycin 250 mg|75|1 tablet|After meal|5|M
Azithromycin 500|Azithromycin 500 mg|120|1 tablet|After meal|3|M
Azithromycin Syrup|Azithromycin 200 mg per 5 ml|95|5 ml|After meal|3|M
Cefixime 200|Cefixime 200 mg|110|1 tablet|After meal|5|ME
Cefuroxime 500|Cefuroxime axetil 500 mg|350|1 tablet|After meal|5|ME
Cefpodoxime 200|Cefpodoxime proxetil 200 mg|180|1 tablet|After meal|5|ME
Cephalexin 500|Cephalexin 500 mg|130|1 capsule|After meal|5|MAE
Ciprofloxacin 500|Ciprofloxacin 500 mg|60|1 tablet|After meal|5|ME
Ofloxacin 200|Ofloxacin 200 mg|65|1 tablet|After meal|5|ME
Ofloxacin + Ornidazole|Ofloxacin 200 mg + Ornidazole 500 mg|110|1 tablet|After meal|5|ME
Levofloxacin 500|Levofloxacin 500 mg|90|1 tablet|After meal|5|M
Doxycycline 100|Doxycycline 100 mg|55|1 capsule|After meal|5|ME
Metronidazole 400|Metronidazole 400 mg|25|1 tablet|After meal|5|MAE
Metronidazole 200|Metronidazole 200 mg|18|1 tablet|After meal|5|MAE
Ornidazole 500|Ornidazole 500 mg|70|1 tablet|After meal|5|ME
Tinidazole 500|Tinidazole 500 mg|40|1 tablet|After meal|3|ME
Clindamycin 300|Clindamycin 300 mg|180|1 capsule|After meal|5|MAE
Clarithromycin 500|Clarithromycin 500 mg|250|1 tablet|After meal|5|ME
Nitrofurantoin 100|Nitrofurantoin 100 mg|120|1 capsule|After meal|5|ME
Fluconazole 150|Fluconazole 150 mg|25|1 tablet|After meal|1|M
Clotrimazole Mouth Paint|Clotrimazole 1% w/v|65|Apply|After meal|7|MAE
Clotrimazole Cream|Clotrimazole 1% w/w|70|Apply thin layer||14|ME
Acyclovir 400|Acyclovir 400 mg|90|1 tablet|After meal|5|MAE
Acyclovir Cream|Acyclovir 5% w/w|80|Apply||5|MAE
Albendazole 400|Albendazole 400 mg|15|1 tablet|After meal|1|E
Ivermectin 12|Ivermectin 12 mg|60|1 tablet|After meal|1|E
Pantoprazole 40|Pantoprazole 40 mg|90|1 tablet|Before meal|5|M
Pantoprazole + Domperidone|Pantoprazole 40 mg + Domperidone 30 mg|130|1 capsule|Before meal|5|M
Omeprazole 20|Omeprazole 20 mg|50|1 capsule|Before meal|5|M
Rabeprazole 20|Rabeprazole 20 mg|95|1 tablet|Before meal|5|M
Esomeprazole 40|Esomeprazole 40 mg|120|1 tablet|Before meal|5|M
Ranitidine 150|Ranitidine 150 mg|30|1 tablet|Before meal|5|ME
Famotidine 20|Famotidine 20 mg|35|1 tablet|Before meal|5|ME
Antacid Gel|Aluminium hydroxide + Magnesium hydroxide + Simethicone|110|10 ml|After meal|5|MAE
Ondansetron 4|Ondansetron 4 mg|45|1 tablet|Before meal|3|S
Domperidone 10|Domperidone 10 mg|30|1 tablet|Before meal|3|MAE
Oral Rehydration Salts|Sodium chloride + Potassium chloride + Sodium citrate + Dextrose|22|1 sachet in 1 litre water||3|S
Racecadotril 100|Racecadotril 100 mg|110|1 capsule|Before meal|3|MAE
Loperamide 2|Loperamide 2 mg|20|1 tablet||2|S
Dicyclomine + Paracetamol|Dicyclomine 20 mg + Paracetamol 325 mg|40|1 tablet|After meal|3|S
Drotaverine 80|Drotaverine 80 mg|85|1 tablet|After meal|3|S
Probiotic Capsule|Lactic acid bacillus 120 million spores|80|1 capsule|After meal|5|ME
Lactulose Syrup|Lactulose 10 g per 15 ml|180|15 ml|After meal|7|E
Isabgol Husk|Ispaghula husk 3.5 g|120|2 teaspoons in water|After meal|7|E
Bisacodyl 5|Bisacodyl 5 mg|15|1 tablet||3|E
Cetirizine 10|Cetirizine 10 mg|20|1 tablet|After meal|5|E
Levocetirizine 5|Levocetirizine 5 mg|40|1 tablet|After meal|5|E
Fexofenadine 120|Fexofenadine 120 mg|150|1 tablet|After meal|5|M
Montelukast + Levocetirizine|Montelukast 10 mg + Levocetirizine 5 mg|170|1 tablet|After meal|10|E
Chlorpheniramine + Phenylephrine|Chlorpheniramine 2 mg + Phenylephrine 10 mg + Paracetamol 325 mg|45|1 tablet|After meal|3|MAE
Cough Syrup (Dextromethorphan)|Dextromethorphan 10 mg + Chlorpheniramine 2 mg per 5 ml|105|10 ml|After meal|5|MAE
Cough Syrup (Ambroxol)|Ambroxol 15 mg + Guaifenesin 50 mg + Terbutaline 1.25 mg per 5 ml|115|10 ml|After meal|5|MAE
Salbutamol Inhaler|Salbutamol 100 mcg per puff|160|2 puffs||30|S
Budesonide + Formoterol Inhaler|Budesonide 200 mcg + Formoterol 6 mcg|450|2 puffs||30|ME
Levosalbutamol Nebuliser Solution|Levosalbutamol 0.63 mg per 2.5 ml|20|1 respule||3|MAE
Budesonide Respules|Budesonide 0.5 mg per 2 ml|30|1 respule||5|ME
Saline Nasal Drops|Sodium chloride 0.65% w/v|45|2 drops each nostril||5|MAE
Xylometazoline Nasal Drops|Xylometazoline 0.1% w/v|60|2 drops each nostril||5|ME
Fluticasone Nasal Spray|Fluticasone propionate 50 mcg per spray|280|2 sprays each nostril||14|M
Prednisolone 10|Prednisolone 10 mg|25|1 tablet|After meal|5|M
Methylprednisolone 8|Methylprednisolone 8 mg|110|1 tablet|After meal|5|M
Dexamethasone 0.5|Dexamethasone 0.5 mg|10|1 tablet|After meal|3|M
Metformin 500|Metformin 500 mg|30|1 tablet|After meal|30|ME
Metformin SR 1000|Metformin 1000 mg sustained release|65|1 tablet|After meal|30|E
Glimepiride 1|Glimepiride 1 mg|60|1 tablet|Before meal|30|M
Glimepiride + Metformin|Glimepiride 2 mg + Metformin 500 mg|110|1 tablet|Before meal|30|M
Sitagliptin 100|Sitagliptin 100 mg|350|1 tablet|After meal|30|M
Vildagliptin + Metformin|Vildagliptin 50 mg + Metformin 500 mg|320|1 tablet|After meal|30|ME
Teneligliptin 20|Teneligliptin 20 mg|140|1 tablet|After meal|30|M
Amlodipine 5|Amlodipine 5 mg|35|1 tablet|After meal|30|M
Telmisartan 40|Telmisartan 40 mg|75|1 tablet|After meal|30|M
Telmisartan + Hydrochlorothiazide|Telmisartan 40 mg + Hydrochlorothiazide 12.5 mg|110|1 tablet|After meal|30|M
Losartan 50|Losartan potassium 50 mg|60|1 tablet|After meal|30|M
Metoprolol 25|Metoprolol succinate 25 mg ER|80|1 tablet|After meal|30|M
Atenolol 50|Atenolol 50 mg|30|1 tablet|After meal|30|M
Atorvastatin 10|Atorvastatin 10 mg|90|1 tablet|After meal|30|E
Rosuvastatin 10|Rosuvastatin 10 mg|150|1 tablet|After meal|30|E
Aspirin 75|Aspirin 75 mg|10|1 tablet|After meal|30|E
Clopidogrel 75|Clopidogrel 75 mg|95|1 tablet|After meal|30|E
Thyroxine 50|Levothyroxine 50 mcg|120|1 tablet|Before meal|30|M
Thyroxine 25|Levothyroxine 25 mcg|100|1 tablet|Before meal|30|M
Iron + Folic Acid|Ferrous ascorbate 100 mg + Folic acid 1.5 mg|120|1 tablet|After meal|30|M
Folic Acid 5|Folic acid 5 mg|25|1 tablet|After meal|30|M
Calcium + Vitamin D3|Calcium carbonate 500 mg + Vitamin D3 250 IU|110|1 tablet|After meal|30|E
Vitamin D3 60000|Cholecalciferol 60000 IU|140|1 sachet|After meal|56|M
Vitamin B Complex|Vitamin B complex with Vitamin C|35|1 capsule|After meal|15|M
Methylcobalamin 1500|Methylcobalamin 1500 mcg|130|1 tablet|After meal|30|M
Multivitamin Capsule|Multivitamin and multimineral|150|1 capsule|After meal|30|M
Zinc 50|Zinc sulphate 50 mg|45|1 tablet|After meal|14|M
Vitamin C 500|Ascorbic acid 500 mg|30|1 tablet|After meal|14|M
Chlorhexidine Mouthwash|Chlorhexidine gluconate 0.2% w/v|95|10 ml rinse|After meal|7|ME
Povidone Iodine Gargle|Povidone iodine 2% w/v|110|10 ml gargle|After meal|5|MAE
Benzydamine Mouthwash|Benzydamine hydrochloride 0.15% w/v|150|15 ml rinse|After meal|5|MAE
Lignocaine Gel 2%|Lignocaine hydrochloride 2% w/w|60|Apply on gums||3|S
Choline Salicylate Gel|Choline salicylate 8.7% + Benzalkonium chloride 0.01%|95|Apply on ulcer|After meal|5|MAE
Triamcinolone Oral Paste|Triamcinolone acetonide 0.1% w/w|85|Apply on ulcer||5|E
Metronidazole + Chlorhexidine Gel|Metronidazole 1% + Chlorhexidine 0.25% w/w|90|Apply on gums|After meal|5|ME
Desensitizing Toothpaste|Potassium nitrate 5% + Sodium monofluorophosphate|150|Brush twice daily||30|ME
Fluoride Toothpaste|Sodium fluoride 1000 ppm|110|Brush twice daily||30|ME
Strontium Chloride Toothpaste|Strontium chloride 10%|140|Brush twice daily||30|ME
Hexetidine Mouthwash|Hexetidine 0.1% w/v|120|10 ml rinse|After meal|7|ME
Tranexamic Acid 500|Tranexamic acid 500 mg|150|1 tablet|After meal|3|MAE
Hydrogen Peroxide Mouth Rinse|Hydrogen peroxide 1.5% w/v|80|10 ml rinse|After meal|5|ME
Amoxicillin + Metronidazole Kit|Amoxicillin 500 mg + Metronidazole 400 mg|130|1 each|After meal|5|MAE
Paracetamol Syrup|Paracetamol 250 mg per 5 ml|45|5 ml|After meal|3|S
Ibuprofen Syrup|Ibuprofen 100 mg per 5 ml|50|5 ml|After meal|3|S
Cetirizine Syrup|Cetirizine 5 mg per 5 ml|40|5 ml|After meal|5|E
Zinc Syrup|Zinc sulphate 20 mg per 5 ml|55|5 ml|After meal|14|M
Mupirocin Ointment|Mupirocin 2% w/w|120|Apply thin layer||7|ME
Fusidic Acid Cream|Fusidic acid 2% w/w|140|Apply thin layer||7|ME
Silver Sulfadiazine Cream|Silver sulfadiazine 1% w/w|90|Apply||7|ME
Betamethasone Cream|Betamethasone valerate 0.1% w/w|55|Apply thin layer||7|ME
Calamine Lotion|Calamine 8% + Zinc oxide 8%|85|Apply||7|ME
Permethrin Cream 5%|Permethrin 5% w/w|110|Apply from neck down||1|E
Diclofenac Gel|Diclofenac diethylamine 1.16% w/w|95|Apply on painful area||5|MAE
Ciprofloxacin Eye Drops|Ciprofloxacin 0.3% w/v|25|1 drop each eye||5|MAE
Moxifloxacin Eye Drops|Moxifloxacin 0.5% w/v|95|1 drop each eye||5|MAE
Carboxymethylcellulose Eye Drops|Carboxymethylcellulose 0.5% w/v|140|1 drop each eye||30|MAE
Ciprofloxacin Ear Drops|Ciprofloxacin 0.3% w/v|30|3 drops in ear||5|ME
Wax Dissolving Ear Drops|Paradichlorobenzene 2% + Benzocaine 2.7% + Chlorbutol 5% + Turpentine oil 15%|60|3 drops in ear||3|E
Alprazolam 0.25|Alprazolam 0.25 mg|30|1 tablet|After meal|7|E
Amitriptyline 10|Amitriptyline 10 mg|35|1 tablet|After meal|14|E
Pregabalin 75|Pregabalin 75 mg|160|1 capsule|After meal|14|E
Gabapentin 300|Gabapentin 300 mg|150|1 tablet|After meal|14|E
Betahistine 16|Betahistine 16 mg|130|1 tablet|After meal|5|ME
Cinnarizine 25|Cinnarizine 25 mg|35|1 tablet|After meal|5|ME
Sumatriptan 50|Sumatriptan 50 mg|140|1 tablet||3|S
Flunarizine 10|Flunarizine 10 mg|60|1 tablet|After meal|30|E
Tamsulosin 0.4|Tamsulosin 0.4 mg|150|1 capsule|After meal|30|E
Potassium Citrate Syrup|Potassium citrate 1100 mg + Magnesium citrate 375 mg per 5 ml|130|10 ml in water|After meal|14|MAE
Cranberry Sachet|Cranberry extract 400 mg|180|1 sachet in water|After meal|14|M
Hyoscine Butylbromide 10|Hyoscine butylbromide 10 mg|40|1 tablet||2|S
Mebeverine 135|Mebeverine 135 mg|160|1 tablet|Before meal|7|MAE
`;

function medicineRows(partnerId: string) {
  return medicineTable
    .trim()
    .split('\n')
    .map((line) => {
      const [
        name = '',
        composition = '',
        price = '',
        dosage = '',
        instructions = '',
        days = '',
        timing = '',
      ] = line.split('|');
      return {
        partner_id: partnerId,
        product_name: name,
        composition,
        price: Number(price).toFixed(2),
        tax_percentage: '12.00',
        dosage_qty: dosage,
        instructions,
        days: Number(days),
        is_morning: timing.includes('M'),
        is_afternoon: timing.includes('A'),
        is_evening: timing.includes('E'),
        is_sos: timing.includes('S'),
      };
    });
}

/** Treatment name, fee (₹) and the dental procedure it charts, by the migration's fixed ids. */
const treatmentRows: [name: string, price: number, dentalTreatmentId: number | null][] = [
  ['Consultation', 300, 1],
  ['Scaling and polishing', 1200, 2],
  ['Deep scaling (per quadrant)', 1500, 2],
  ['Composite filling', 1500, 3],
  ['Glass ionomer filling', 800, 3],
  ['Root canal treatment (anterior)', 4000, 4],
  ['Root canal treatment (molar)', 6000, 4],
  ['Simple extraction', 800, 5],
  ['Wisdom tooth extraction', 4500, 6],
  ['Porcelain fused to metal crown', 5500, 7],
  ['Zirconia crown', 12000, 7],
  ['Three-unit bridge', 16500, 8],
  ['Dental implant', 35000, 9],
  ['Metal braces', 35000, 10],
  ['Ceramic braces', 50000, 10],
  ['Clear aligners', 120000, 11],
  ['Composite veneer', 6000, 12],
  ['In-office teeth whitening', 9000, 13],
  ['Complete denture (both arches)', 25000, 14],
  ['Removable partial denture', 8000, 15],
  ['Pulpectomy (milk tooth)', 2500, 16],
  ['Pit and fissure sealant (per tooth)', 700, 17],
  ['Fluoride application', 1000, 18],
  ['Flap surgery (per quadrant)', 7000, 19],
  ['Post and core', 3000, 20],
  ['Intraoral X-ray', 200, null],
  ['OPG X-ray', 500, null],
];

/** Fixed ids, so the templates are recognised when the seed runs again. */
const templates = [
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0301',
    name: 'After extraction',
    medicines: [
      'Amoxicillin 500',
      'Metronidazole 400',
      'Aceclofenac + Paracetamol',
      'Pantoprazole 40',
      'Chlorhexidine Mouthwash',
    ],
  },
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0302',
    name: 'Root canal pain',
    medicines: ['Amoxicillin + Clavulanic Acid 625', 'Ibuprofen + Paracetamol', 'Pantoprazole 40'],
  },
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0303',
    name: 'Gum infection',
    medicines: ['Metronidazole + Chlorhexidine Gel', 'Chlorhexidine Mouthwash', 'Ornidazole 500'],
  },
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0304',
    name: 'Mouth ulcers',
    medicines: ['Choline Salicylate Gel', 'Vitamin B Complex', 'Benzydamine Mouthwash'],
  },
  {
    id: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0305',
    name: 'Viral fever',
    medicines: ['Paracetamol 650', 'Cetirizine 10', 'Oral Rehydration Salts'],
  },
];

export async function seedDemoMasters(tx: Db, partnerId: string): Promise<void> {
  await tx
    .insert(complaints)
    .values(complaintNames.map((complaint_name) => ({ partner_id: partnerId, complaint_name })))
    .onConflictDoNothing();
  await tx
    .insert(observations)
    .values(observationNames.map((observation_name) => ({ partner_id: partnerId, observation_name })))
    .onConflictDoNothing();
  await tx
    .insert(investigations)
    .values(investigationNames.map((investigation_name) => ({ partner_id: partnerId, investigation_name })))
    .onConflictDoNothing();
  await tx
    .insert(diagnoses)
    .values(diagnosisNames.map((diagnosis_name) => ({ partner_id: partnerId, diagnosis_name })))
    .onConflictDoNothing();
  await tx.insert(products).values(medicineRows(partnerId)).onConflictDoNothing();
  await tx
    .insert(treatments)
    .values(
      treatmentRows.map(([name, price, dentalTreatmentId]) => ({
        partner_id: partnerId,
        treatment_name: name,
        price: price.toFixed(2),
        dental_treatment_id: dentalTreatmentId,
      })),
    )
    .onConflictDoNothing();

  const inserted = await tx
    .insert(productTemplates)
    .values(templates.map(({ id, name }) => ({ id, partner_id: partnerId, template_name: name })))
    .onConflictDoNothing()
    .returning({ id: productTemplates.id });
  // Only templates created just now get their medicines; existing ones keep what the demo user chose.
  const fresh = templates.filter((template) => inserted.some((row) => row.id === template.id));
  if (fresh.length === 0) return;
  const medicineIds = new Map(
    (
      await tx
        .select({ id: products.id, name: products.product_name })
        .from(products)
        .where(
          and(
            eq(products.partner_id, partnerId),
            inArray(
              products.product_name,
              fresh.flatMap((template) => template.medicines),
            ),
          ),
        )
    ).map((row) => [row.name, row.id]),
  );
  const items = fresh.flatMap((template) =>
    template.medicines.flatMap((name, position) => {
      const productId = medicineIds.get(name);
      return productId ? [{ template_id: template.id, product_id: productId, position }] : [];
    }),
  );
  if (items.length > 0) await tx.insert(productTemplateItems).values(items);
}
