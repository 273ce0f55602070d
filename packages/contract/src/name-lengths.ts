/**
 * The longest names, for the schemas and the forms' maxLength. A module of their own, with
 * no zod: a page that needs a length loads no other module's schemas for it (the bundler
 * keeps whole any module a page imports).
 */

/** The longest patient name. */
export const patientNameMaxLength = 120;

/** The longest name of any master entry. */
export const masterNameMaxLength = 200;
