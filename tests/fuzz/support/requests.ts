import fc from 'fast-check';
import type { ApiRoute } from '../../support/route-list';
import { RESOURCES, type Fixture, type Resource } from './fixture';
import { MALFORMED_JSON, FIELD_NAMES, PROTOTYPE_KEYS, QUERY_NAMES, hostileJson, hostileText, nested } from './hostile-values';

/**
 * One generated request, as plain data: what fast-check prints as a counterexample and what a
 * replay sends again. Real objects are named by reference (`$ref:group`), resolved against the
 * route's fixture when sent, so a counterexample replays on a database with other ids.
 */
export interface FuzzRequest {
  /** Each path parameter: a fixture reference (`$ref:…`) or raw text put in the path as is. */
  params: Record<string, string>;
  /** The query string, as sent (already encoded), without '?'; empty for none. */
  query: string;
  body: FuzzBody;
  /** Leave out X-Requested-With (the CSRF guard's header) on this request. */
  withoutMarker: boolean;
  /** X-Device-Id and X-Device-Secret: the fixture's registered device, none, or odd text. */
  device: 'fixture' | 'none' | { id: string; secret: string };
}

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType: string | null }
  /**
   * `depth` levels of arrays or objects around a field, built when sent (a counterexample stays
   * short): the whole body, or a sync mutation's payload.
   */
  | { kind: 'deep'; depth: number; objects: boolean; inMutation: boolean }
  /** About `bytes` bytes of JSON: one long string field. */
  | { kind: 'huge'; bytes: number };

const REF = '$ref:';

/** Percent-encodes text's UTF-8 bytes (a lone surrogate too, which encodeURIComponent refuses). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
const ref = (resource: Resource | 'uploadToken' | 'uploadFile') => `${REF}${resource}`;

/** Which fixture object a path parameter names, from its name or the path segment before it. */
function resourceOfParam(path: string, param: string): Resource | 'uploadToken' | 'uploadFile' {
  if (param === 'token') return 'uploadToken';
  if (param === 'file') return 'uploadFile';
  const byName: Record<string, Resource> = { groupId: 'group', questionGroupId: 'group', companyId: 'company', campaignId: 'campaign' };
  if (byName[param]) return byName[param];
  const before = path.split('/').at(path.split('/').indexOf(`:${param}`) - 1);
  const bySegment: Record<string, Resource> = {
    companies: 'company',
    locations: 'location',
    'question-groups': 'group',
    questions: 'question',
    campaigns: 'campaign',
    'campaign-question-groups': 'link',
    'player-attempts': path.includes('/release') || path.includes('/discard') ? 'heldAttempt' : 'attempt',
    play: 'group',
  };
  return bySegment[before ?? ''] ?? 'group';
}

/** Which fixture object a body or query field names (`companyId` → the company), if any. */
function resourceOfField(field: string): Resource | undefined {
  const map: Record<string, Resource> = {
    companyId: 'company',
    groupId: 'group',
    questionGroupId: 'group',
    questionGroupIds: 'group',
    campaignId: 'campaign',
    questionId: 'question',
    answerId: 'answer',
    locationId: 'location',
    playerId: 'player',
    entityId: 'company',
    documentTypeId: 'documentType',
    id: 'group',
  };
  return map[field];
}

const ODD_PARAMS = [
  '0', '-1', '1.5', '1e3', '0x1F', '2147483648', '99999999999999999999999', 'NaN', 'Infinity', 'abc', '%00', '1%00',
  '%F0%9F%98%80', '%E2%80%AE1', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%', '%zz', '%20', '__proto__', 'constructor',
  'prototype', 'null', 'undefined', '%5B%5D', '%7B%7D', 'x'.repeat(2000), '1;DROP', "'", '%27%20OR%201%3D1',
];

const param = (path: string, name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(ref(resourceOfParam(path, name))) },
    { weight: 1, arbitrary: fc.constantFrom(...RESOURCES).map(ref) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_PARAMS) },
    { weight: 2, arbitrary: hostileText.filter((text) => text.length > 0).map(percentEncode) },
  );

const queryValue = (name: string): fc.Arbitrary<string> => {
  const resource = resourceOfField(name);
  const values = [
    hostileText.map(percentEncode),
    fc.constantFrom('-1', '0', '1', '5000', '5001', '1e9', '2147483648', '1.5', '', 'all', 'true', '2026-05-01', '2026-02-30T99:00', '%', '%00', '%zz'),
  ];
  if (resource) values.push(fc.constant(ref(resource)));
  return fc.oneof(...values);
};

const queryPair: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...QUERY_NAMES).chain((name) => queryValue(name).map((value) => `${name}=${value}`)) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS).chain((name) => queryValue('x').map((value) => `${name}=${value}`)) },
  { weight: 1, arbitrary: fc.constantFrom('limit[]=1', 'limit[a]=1', 'a[b][c]=1', '=', '&', '%', '%zz=1', 'limit', '__proto__[admin]=1', 'limit=1&limit=2') },
  { weight: 1, arbitrary: fc.tuple(hostileText, hostileText).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`) },
);

const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.array(queryPair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&')) },
);

/** A field of a body: ids often name a real object, so the code behind the lookup runs. */
const field: fc.Arbitrary<[string, unknown]> = fc.constantFrom(...FIELD_NAMES).chain((name) => {
  const resource = resourceOfField(name);
  const values: fc.Arbitrary<unknown>[] = [hostileJson];
  if (resource) values.push(fc.constant(ref(resource)), fc.array(fc.constant(ref(resource)), { maxLength: 3 }));
  if (name === 'answers') values.push(fc.array(objectBody, { maxLength: 4 }));
  if (name === 'mutations') values.push(fc.array(mutation, { minLength: 1, maxLength: 4 }));
  if (/clientId$/i.test(name)) values.push(fc.uuid());
  if (/At$|Date$/.test(name)) values.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  return fc.oneof(...values).map((value): [string, unknown] => [name, value]);
});



const otherField: fc.Arbitrary<[string, unknown]> = fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileText), hostileJson);

/** Objects are built with own properties only, `__proto__` included (as JSON.parse would). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

const objectBody: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.oneof({ weight: 4, arbitrary: field }, { weight: 1, arbitrary: otherField }), { maxLength: 8 })
  .map(objectOf);

/** A sync mutation: a plausible id and kind, a hostile payload (a device's counter starts at 0). */
const mutation: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        mutationId: fc.oneof(fc.integer({ min: 1, max: 4 }), hostileJson),
        kind: fc.oneof(fc.constantFrom('player', 'attempt', 'completion'), hostileJson),
        payload: fc.oneof(objectBody, hostileJson),
      })
      .map((m) => m as unknown),
  },
  { weight: 1, arbitrary: objectBody },
);

const CONTENT_TYPES = [null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', 'image/png', 'application/json'];

const body = (method: string): fc.Arbitrary<FuzzBody> => {
  const none = fc.constant<FuzzBody>({ kind: 'none' });
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): FuzzBody => ({ kind: 'json', value: v }));
  const withBody = fc.oneof(
    { weight: 12, arbitrary: json(objectBody) },
    { weight: 2, arbitrary: json(hostileJson) },
    { weight: 2, arbitrary: json(fc.array(mutation, { minLength: 1, maxLength: 5 }).map((mutations) => ({ mutations }))) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text): FuzzBody => ({ kind: 'text', text, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...MALFORMED_JSON), hostileText), fc.constantFrom(...CONTENT_TYPES)).map(([text, contentType]): FuzzBody => ({ kind: 'text', text, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.constantFrom(20, 200, 1000, 5000), objects: fc.boolean(), inMutation: fc.boolean() }),
    },
  );
  const huge = fc.record({ kind: fc.constant('huge' as const), bytes: fc.constantFrom(900_000, 1_100_000) });
  if (method === 'GET' || method === 'DELETE') return fc.oneof({ weight: 20, arbitrary: none }, { weight: 1, arbitrary: json(objectBody) });
  // About one request in 250 carries a body near or over the 1 MB limit: they are slow.
  return fc.oneof({ weight: 248, arbitrary: withBody }, { weight: 1, arbitrary: none }, { weight: 1, arbitrary: huge });
};

/** Every part of a request to one route, generated. */
export function requestArbitrary(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, param(route.path, name)])) as Record<string, fc.Arbitrary<string>>);
  return fc.record({
    params,
    query: queryString,
    body: body(route.method),
    withoutMarker: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    device: fc.oneof(
      { weight: 6, arbitrary: fc.constant('fixture' as const) },
      { weight: 1, arbitrary: fc.constant('none' as const) },
      { weight: 1, arbitrary: fc.record({ id: fc.oneof(fc.uuid(), hostileText), secret: hostileText }) },
    ),
  });
}

function resolveRefs(text: string, fixture: Fixture): string {
  return text.replace(/\$ref:(\w+)/g, (whole, name: string) => {
    if (name === 'uploadToken') return fixture.uploadToken;
    if (name === 'uploadFile') return fixture.uploadFile;
    const id = fixture.ids[name as Resource];
    return id === undefined ? whole : String(id);
  });
}

/** A header value node:http accepts: no control characters but tab, other bytes as latin1. */
const headerText = (text: string) =>
  [...Buffer.from(text, 'utf8').toString('latin1')].filter((char) => char === '\t' || (char >= ' ' && char !== '\x7f')).join('');

export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The bytes to send: references resolved, the body serialised (or left malformed on purpose). */
export function toWire(route: ApiRoute, request: FuzzRequest, fixture: Fixture): WireRequest {
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => resolveRefs(request.params[name] ?? '', fixture));
  if (request.query) path += `?${resolveRefs(request.query, fixture)}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!request.withoutMarker) headers['X-Requested-With'] = 'XMLHttpRequest';
  if (request.device === 'fixture') {
    headers['X-Device-Id'] = fixture.deviceId;
    headers['X-Device-Secret'] = fixture.deviceSecret;
  } else if (request.device !== 'none') {
    // Header values carry bytes: odd text goes as its UTF-8, read back as latin1 by node:http.
    headers['X-Device-Id'] = headerText(request.device.id);
    headers['X-Device-Secret'] = headerText(request.device.secret);
  }
  let text: string | undefined;
  let contentType: string | null = 'application/json';
  const b = request.body;
  if (b.kind === 'json') {
    // A quoted reference becomes the bare id, as a real client sends it.
    text = JSON.stringify(b.value)?.replace(/"\$ref:(\w+)"/g, (whole, name: string) => {
      const id = fixture.ids[name as Resource];
      if (id !== undefined) return String(id);
      return JSON.stringify(resolveRefs(whole.slice(1, -1), fixture));
    });
    text ??= 'null';
  } else if (b.kind === 'text') {
    text = b.text;
    contentType = b.contentType;
  } else if (b.kind === 'deep') {
    const deep = nested(b.depth, b.objects);
    text = b.inMutation ? `{"mutations":[{"mutationId":1,"kind":"player","payload":${deep}}]}` : deep;
  } else if (b.kind === 'huge') {
    text = JSON.stringify({ name: 'x'.repeat(b.bytes) });
  }
  const bytes = text === undefined ? undefined : Buffer.from(text, 'utf8');
  if (bytes) {
    if (contentType) headers['Content-Type'] = contentType;
    headers['Content-Length'] = String(bytes.length);
  }
  return { method: route.method, path, headers, body: bytes };
}
