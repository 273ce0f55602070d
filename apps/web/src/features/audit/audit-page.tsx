import { auditScreenWords as words } from '@vaidya/contract/audit-screens';
import { AuditTrail } from './components/audit-trail';

/**
 * `/dashboard/audit`: the clinic's audit trail, newest first: who did what to which patient's
 * records, when and from where, filtered by person, action, record and dates, and exported
 * as CSV with the same filters. An owner sees everyone's acts, a doctor their own; the
 * navigation offers the page to those two roles (the API refuses the others).
 */
export function AuditPage() {
  return (
    <AuditTrail
      title={words.title}
      description={{ everyone: words.description, own: words.doctorDescription }}
    />
  );
}
