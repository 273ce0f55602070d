import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { patientsScreenWords as words } from '@vaidya/contract/patient-screens';
import { genderInitial, type PatientSummary } from '@vaidya/contract/patients';

/** Age and sex as the desk writes them, "34 F"; either alone when only one is known. */
export function ageSexOf(patient: Pick<PatientSummary, 'age' | 'gender'>): string {
  const parts = [patient.age ?? '', patient.gender ? genderInitial[patient.gender] : ''].filter(
    (part) => part !== '',
  );
  return parts.length > 0 ? parts.join(' ') : words.none;
}

export function lastVisitOf(patient: Pick<PatientSummary, 'last_visit_date'>): string {
  return patient.last_visit_date ? calendarDateEnGb(patient.last_visit_date) : words.none;
}
