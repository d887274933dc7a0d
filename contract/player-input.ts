/**
 * The player's form rules without zod: the player screen validates with these functions and the
 * zod schemas in players.ts are built from the same limits and messages, so a value the screen
 * accepts is one the server accepts. Nothing here may import zod (the player build stays small).
 */

export const DOCUMENT_NUMBER_MESSAGE = 'El número de documento debe tener al menos 5 caracteres';
export const DOCUMENT_NUMBER_MIN = 5;
export const DOCUMENT_NUMBER_MAX = 30;
export const DOCUMENT_NUMBER_MAX_MESSAGE = 'Máximo 30 caracteres';
/** Letters and digits, and the separators people write between them (space, dot, hyphen, slash), which identity drops. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9 ./-]+$/;
export const DOCUMENT_NUMBER_PATTERN_MESSAGE = 'Solo letras, números y separadores (espacio, punto, guion o barra)';
export const DOCUMENT_NUMBER_EMPTY_MESSAGE = 'El número de documento no tiene dígitos ni letras que lo identifiquen';

export const DOCUMENT_TYPE_REQUIRED_MESSAGE = 'El tipo de documento es requerido';
export const DOCUMENT_TYPE_MESSAGE = 'Selecciona un tipo de documento válido';

export const FULL_NAME_MAX = 150;
export const FULL_NAME_REQUIRED_MESSAGE = 'El nombre completo es requerido';
export const FULL_NAME_MAX_MESSAGE = 'Máximo 150 caracteres';

export const LOCATION_REQUIRED_MESSAGE = 'La sede es requerida';
export const LOCATION_MESSAGE = 'Selecciona una sede válida';

/** Per field, the message of the first rule a value breaks; a field that passes is absent. */
export type FieldProblems<K extends string> = Partial<Record<K, string>>;

/** How a document type writes its numbers: `numeric` (a cédula: digits only) or not (a passport: letters and digits). */
export interface DocumentKind {
  numeric: boolean;
}

/**
 * The identity rule, the one owner of it: the document number a person is known by, whoever typed
 * it and however. A numeric type keeps its digits only, without leading zeros ('01.024.477-501' ->
 * '1024477501'); an alphanumeric type keeps its letters, upper-cased, and digits ('ab 123-45' ->
 * 'AB12345'). Separators and anything else are dropped. The server stores and looks up only this
 * form; the kiosks hash only this form. An empty result names nobody (the server answers 400
 * `document_number_empty`).
 */
export function normalizeDocumentNumber(value: string, kind: DocumentKind): string {
  if (kind.numeric) return value.replace(/[^0-9]/g, '').replace(/^0+/, '');
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * What a stored number in canonical form looks like, per kind, as a PostgreSQL regular expression:
 * exactly the values `normalizeDocumentNumber` returns unchanged (a unit test holds the two
 * together). Used to find stored numbers written before the rule.
 */
export const CANONICAL_DOCUMENT_NUMBER = { numeric: '^[1-9][0-9]*$', alphanumeric: '^[A-Z0-9]+$' } as const;

export function documentNumberProblem(value: string, kind?: DocumentKind): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length < DOCUMENT_NUMBER_MIN) return DOCUMENT_NUMBER_MESSAGE;
  if (trimmed.length > DOCUMENT_NUMBER_MAX) return DOCUMENT_NUMBER_MAX_MESSAGE;
  if (!DOCUMENT_NUMBER_PATTERN.test(trimmed)) return DOCUMENT_NUMBER_PATTERN_MESSAGE;
  if (kind && normalizeDocumentNumber(trimmed, kind) === '') return DOCUMENT_NUMBER_EMPTY_MESSAGE;
  return undefined;
}

function idProblem(value: number | undefined, required: string, invalid: string): string | undefined {
  if (value === undefined || Number.isNaN(value)) return required;
  return Number.isInteger(value) && value > 0 ? undefined : invalid;
}

export const documentTypeIdProblem = (value: number | undefined) => idProblem(value, DOCUMENT_TYPE_REQUIRED_MESSAGE, DOCUMENT_TYPE_MESSAGE);
export const locationIdProblem = (value: number | undefined) => idProblem(value, LOCATION_REQUIRED_MESSAGE, LOCATION_MESSAGE);

export function fullNameProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length < 1) return FULL_NAME_REQUIRED_MESSAGE;
  if (trimmed.length > FULL_NAME_MAX) return FULL_NAME_MAX_MESSAGE;
  return undefined;
}

/** Drops the fields that passed, so an empty object means the form may be sent. */
function problems<K extends string>(found: Record<K, string | undefined>): FieldProblems<K> {
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message !== undefined)) as FieldProblems<K>;
}

/** The document step: a document type and a document number (`kind`: the chosen type's, when one is chosen). */
export function documentCheckProblems(input: {
  documentTypeId: number | undefined;
  documentNumber: string;
  kind?: DocumentKind;
}): FieldProblems<'documentTypeId' | 'documentNumber'> {
  return problems({
    documentTypeId: documentTypeIdProblem(input.documentTypeId),
    documentNumber: documentNumberProblem(input.documentNumber, input.kind),
  });
}

/** The registration step's own fields: the name and the site. */
/** The consent checkbox's label on the registration step, and what an unticked one says. */
export const CONSENT_CHECKBOX_LABEL = 'Acepto el tratamiento de mis datos personales';
export const CONSENT_REQUIRED_MESSAGE = 'Debes aceptar el tratamiento de datos personales para registrarte';

/** `consent`: whether the company asks for consent (`required`) and whether the player ticked the box. */
export function registrationProblems(input: {
  fullName: string;
  locationId: number | undefined;
  consent?: { required: boolean; accepted: boolean };
}): FieldProblems<'fullName' | 'locationId' | 'consent'> {
  return problems({
    fullName: fullNameProblem(input.fullName),
    locationId: locationIdProblem(input.locationId),
    consent: input.consent?.required && !input.consent.accepted ? CONSENT_REQUIRED_MESSAGE : undefined,
  });
}

/**
 * '1234567890' -> '*******890': what staff see of a document number in sync records, on the server
 * and on the kiosk, so records can be told apart without reading the document.
 */
export function maskDocumentNumber(value: string): string {
  const visible = value.length > 3 ? value.slice(-3) : '';
  return '*'.repeat(value.length - visible.length) + visible;
}
