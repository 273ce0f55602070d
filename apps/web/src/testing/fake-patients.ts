import { patientEndpoints } from '@vaidya/contract/bookings';
import { type PatientRecord, patientRegistryEndpoints } from '@vaidya/contract/patients';
import { uuid } from './fake-masters';
import { answer, type Handler } from './fake-server';

/** A patient of the demo clinic, numbered `n`, with nothing recorded beyond the name and mobile unless given. */
export function fakePatient(n: number, name: string, overrides: Partial<PatientRecord> = {}): PatientRecord {
  return {
    id: uuid(3000 + n),
    patient_number: String(n),
    name,
    mobile: `98230${String(n).padStart(5, '0')}`,
    gender: null,
    age: null,
    last_visit_date: null,
    balance: 0,
    date_of_birth: null,
    date_of_birth_approximate: false,
    address: null,
    email: null,
    blood_group: null,
    allergies: [],
    medical_alerts: [],
    alert_notes: null,
    notes: null,
    first_seen_on: '2026-04-01',
    merged_into_id: null,
    family: [],
    ...overrides,
  };
}

/** "GET /api/patient/get-patients": the fake server's route of a registry endpoint. */
const routeOf = (endpoint: { method: string; path: string }) => `${endpoint.method} /api${endpoint.path}`;
export const patientRoutes = {
  list: routeOf(patientRegistryEndpoints.list),
  byId: routeOf(patientRegistryEndpoints.byId),
  add: routeOf(patientRegistryEndpoints.add),
  update: routeOf(patientRegistryEndpoints.update),
  timeline: routeOf(patientRegistryEndpoints.timeline),
  byMobile: routeOf(patientEndpoints.byMobile),
};

const notFound = answer({ message: 'Patient not found', code: 'NOT_FOUND' }, 404);

/** Whether the registry's search would find the patient: by number, 3 or more digits of the mobile, or a name's word start. */
function matches(patient: PatientRecord, query: string): boolean {
  const lower = query.toLowerCase();
  return (
    patient.patient_number.toLowerCase() === lower ||
    (/^\d{3,}$/.test(query) && patient.mobile.includes(query)) ||
    patient.name
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(lower))
  );
}

type SavedFields = Pick<PatientRecord, 'name' | 'mobile' | 'allergies'> & {
  patientNumber?: string;
  notes?: string;
};

/**
 * The registry's calls over patients kept in memory: the list searched and paged, a
 * record by id (404 for any other), and adding and editing, which change what later
 * calls answer. Adding and editing keep the name, mobile, number, allergies and notes.
 * Every patient's timeline is empty.
 */
export function fakePatients(patients: PatientRecord[] = []): Record<string, Handler> {
  const stored = [...patients];
  return {
    [patientRoutes.byMobile]: ({ url }) =>
      Response.json({
        data: stored
          .filter((patient) => patient.mobile === url.searchParams.get('mobile'))
          .map(({ id, name, mobile, age, gender }) => ({ id, name, mobile, age, gender })),
      }),
    [patientRoutes.list]: ({ url }) => {
      const query = url.searchParams.get('query') ?? '';
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const found = query ? stored.filter((patient) => matches(patient, query)) : stored;
      const results = found.slice((page - 1) * limit, page * limit);
      // Counted exactly, as the API does up to 1,000 (decision 043).
      return Response.json({
        data: { results, pagination: { total: found.length, page, limit, total_capped: false } },
      });
    },
    [patientRoutes.byId]: (request) => {
      const patient = stored.find((candidate) => candidate.id === request.url.searchParams.get('patient_id'));
      return patient ? Response.json({ data: patient }) : notFound(request);
    },
    [patientRoutes.add]: ({ body }) => {
      const typed = body as SavedFields;
      const n = stored.length + 1;
      const patient = fakePatient(n, typed.name, {
        mobile: typed.mobile,
        patient_number: typed.patientNumber || String(n),
        allergies: typed.allergies,
      });
      stored.push(patient);
      return Response.json({ data: patient }, { status: 201 });
    },
    [patientRoutes.update]: (request) => {
      const typed = request.body as Partial<SavedFields> & { id: string };
      const index = stored.findIndex((candidate) => candidate.id === typed.id);
      const current = stored[index];
      if (!current) return notFound(request);
      const updated: PatientRecord = {
        ...current,
        name: typed.name ?? current.name,
        allergies: typed.allergies ?? current.allergies,
        notes: typed.notes === undefined ? current.notes : typed.notes || null,
      };
      stored[index] = updated;
      return Response.json({ data: updated });
    },
    [patientRoutes.timeline]: answer({ data: { results: [], next_before: null } }),
  };
}
