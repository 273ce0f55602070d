import { specialities } from '@vaidya/contract/specialities';
import { specialityLabels } from '@vaidya/contract/speciality-labels';

/**
 * The options of a native speciality select (sign-up, referring a clinic): a prompt that
 * cannot be chosen back once a speciality is, then every speciality by its label.
 */
export function SpecialityOptions({ prompt }: { prompt: string }) {
  return (
    <>
      <option value="" disabled>
        {prompt}
      </option>
      {specialities.map((speciality) => (
        <option key={speciality} value={speciality}>
          {specialityLabels[speciality]}
        </option>
      ))}
    </>
  );
}
